import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `flatMap { inner(x) }`.
    static var flatMap: CombineSpec {
        var spec = CombineSpec("flatMap", "flatMap { inner(x) }", shape: shape(inners: 1...3),
                               build: { context in context.sources[0].flatMap { context.inner($0) }.eraseToAnyPublisher() },
                               model: { FlatMapModel.outcome($0) })
        spec.demandDelaysOnly = false   // demand changes how inners interleave
        spec.leftOpen = { _, run in run.log.receivedFailure ? [.source(0)] : [] }   // after an inner failed (see the model)
        spec.delivers = .allElements
        return spec
    }
}
