import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `delay(for: 10·k ticks), k in 1...4`.
    static var delay: CombineSpec {
        let spec = CombineSpec("delay", "delay(for: 10·k ticks), k in 1...4", shape: shape(parameters: [1...4]),
                               build: { context in context.sources[0].delay(for: .seconds(10 * context.parameters[0]), scheduler: context.scheduler).eraseToAnyPublisher() },
                               model: { DelayModel.outcome($0, dueTicks: 10 * parameter($0, 0)) })
        return spec
    }
}
