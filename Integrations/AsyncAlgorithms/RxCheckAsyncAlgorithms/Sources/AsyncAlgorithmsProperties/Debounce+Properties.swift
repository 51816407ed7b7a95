import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// Parameter 0: the interval, 1 to 30 ticks (events lie on a 10-tick grid).
    static var debounce: AsyncSpec {
        var spec = AsyncSpec("debounce", "s0.debounce(for: d, clock: virtual)", shape: shape(parameters: [1...30]),
                             model: .alternatives { scenario, observed in
                                 DebounceModel.alternatives(scenario, interval: scenario.parameters[0], start: observed.sourceStarts[0])
                             }) { context in
            AsyncOutput(context.sources[0].debounce(for: .seconds(context.parameters[0]), clock: context.clock))
        }
        spec.modelShape = timedShape(spec.shape)
        spec.modelPace = 0...0
        return spec
    }
}
