import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `timeout(10·k ticks), k in 1...6`.
    static var timeout: CombineSpec {
        var spec = CombineSpec("timeout", "timeout(10·k ticks), k in 1...6", shape: shape(parameters: [1...6]),
                               build: { context in context.sources[0].timeout(.seconds(10 * context.parameters[0]), scheduler: context.scheduler).eraseToAnyPublisher() },
                               model: { TimeoutModel.outcome($0, dueTicks: 10 * parameter($0, 0)) })
        spec.demandDelaysOnly = false   // timing decides when it ends
        return spec
    }
}
