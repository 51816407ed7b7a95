import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `first()`.
    static var first: CombineSpec {
        let spec = CombineSpec("first", "first()", shape: shape(),
                               build: { $0.sources[0].first().eraseToAnyPublisher() },
                               model: { FirstModel.outcome($0) })
        return spec
    }
}
