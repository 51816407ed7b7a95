import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `count()`.
    static var count: CombineSpec {
        var spec = CombineSpec("count", "count()", shape: shape(),
                               build: { $0.sources[0].count().eraseToAnyPublisher() },
                               model: { CountModel.outcome($0) })
        spec.demandModel = { CountModel.outcomeUnderDemand($0) }
        return spec
    }
}
