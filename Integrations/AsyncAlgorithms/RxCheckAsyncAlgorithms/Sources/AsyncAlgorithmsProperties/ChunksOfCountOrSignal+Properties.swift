import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// Parameters: the count, 1 to 4, and the timer's interval, 5 to 40 ticks.
    static var chunksOfCountOrSignal: AsyncSpec {
        var spec = AsyncSpec("chunks.ofCountOrSignal", "s0.chunks(ofCount: n, or: .repeating(every: d, clock: virtual))",
                             shape: shape(parameters: [1...4, 5...40]),
                             model: .alternatives { scenario, observed in
                                 ChunksOfCountOrSignalModel.alternatives(scenario, count: scenario.parameters[0],
                                                                         interval: scenario.parameters[1], start: observed.sourceStarts[0])
                             }) { context in
            AsyncOutput(context.sources[0].chunks(ofCount: context.parameters[0],
                                                  or: .repeating(every: .seconds(context.parameters[1]), clock: context.clock)))
        }
        spec.modelShape = timedShape(spec.shape)
        spec.modelPace = 0...0
        return spec
    }
}
