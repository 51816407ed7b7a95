import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `debounce(for: 10·k ticks), k in 1...4`.
    static var debounce: CombineSpec {
        var spec = CombineSpec("debounce", "debounce(for: 10·k ticks), k in 1...4", shape: shape(parameters: [1...4]),
                               build: { context in context.sources[0].debounce(for: .seconds(10 * context.parameters[0]), scheduler: context.scheduler).eraseToAnyPublisher() },
                               model: { DebounceModel.outcome($0, dueTicks: 10 * parameter($0, 0)) })
        spec.demandDelaysOnly = false   // timing decides what is published
        return spec
    }
}
