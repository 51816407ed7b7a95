import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `replaceEmpty(with: 9)`.
    static var replaceEmpty: CombineSpec {
        let spec = CombineSpec("replaceEmpty", "replaceEmpty(with: 9)", shape: shape(),
                               build: { $0.sources[0].replaceEmpty(with: 9).eraseToAnyPublisher() },
                               model: { ReplaceEmptyModel.outcome($0, with: 9) })
        return spec
    }
}
