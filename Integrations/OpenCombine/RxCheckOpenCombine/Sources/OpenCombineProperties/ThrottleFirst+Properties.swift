import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `throttle(for: 10·k ticks, latest: false), k in 1...4`.
    static var throttleFirst: CombineSpec {
        var spec = CombineSpec("throttle.first", "throttle(for: 10·k ticks, latest: false), k in 1...4", shape: shape(parameters: [1...4]),
                               build: { context in context.sources[0].throttle(for: .seconds(10 * context.parameters[0]), scheduler: context.scheduler, latest: false).eraseToAnyPublisher() },
                               model: { ThrottleModel.outcome($0, dueTicks: 10 * parameter($0, 0), latest: false) })
        spec.demandDelaysOnly = false   // timing decides what is published
        return spec
    }
}
