import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `map { inner(x) }.switchToLatest()`.
    static var switchToLatest: CombineSpec {
        var spec = CombineSpec("switchToLatest", "map { inner(x) }.switchToLatest()", shape: shape(inners: 1...3),
                               build: { context in context.sources[0].map { context.inner($0) }.switchToLatest().eraseToAnyPublisher() },
                               model: { SwitchToLatestModel.outcome($0) })
        spec.demandDelaysOnly = false   // a delayed inner element may belong to an inner switched away from
        spec.delivers = .theEnd
        return spec
    }
}
