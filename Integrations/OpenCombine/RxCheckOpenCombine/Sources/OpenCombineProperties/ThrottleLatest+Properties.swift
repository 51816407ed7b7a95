import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `throttle(for: 10·k ticks, latest: true), k in 1...4`.
    static var throttleLatest: CombineSpec {
        var spec = CombineSpec("throttle.latest", "throttle(for: 10·k ticks, latest: true), k in 1...4", shape: shape(parameters: [1...4]),
                               build: { context in context.sources[0].throttle(for: .seconds(10 * context.parameters[0]), scheduler: context.scheduler, latest: true).eraseToAnyPublisher() },
                               model: { ThrottleModel.outcome($0, dueTicks: 10 * parameter($0, 0), latest: true) })
        spec.demandDelaysOnly = false   // timing decides what is published
        return spec
    }
}
