import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `flatMap(maxPublishers: .max(k)) { inner(x) }, k in 1...2`.
    static var flatMapMaxPublishers: CombineSpec {
        var spec = CombineSpec("flatMap.maxPublishers", "flatMap(maxPublishers: .max(k)) { inner(x) }, k in 1...2", shape: shape(inners: 1...3, parameters: [1...2]),
                               build: { context in context.sources[0].flatMap(maxPublishers: .max(context.parameters[0])) { context.inner($0) }.eraseToAnyPublisher() },
                               model: { FlatMapMaxPublishersModel.outcome($0, maxPublishers: parameter($0, 0)) })
        spec.demandDelaysOnly = false   // demand changes how inners interleave
        spec.leftOpen = { _, run in run.log.receivedFailure ? [.source(0)] : [] }   // after an inner failed (see the model)
        spec.delivers = .allElements
        return spec
    }
}
