import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `last()`.
    static var last: CombineSpec {
        let spec = CombineSpec("last", "last()", shape: shape(),
                               build: { $0.sources[0].last().eraseToAnyPublisher() },
                               model: { LastModel.outcome($0) })
        return spec
    }
}
