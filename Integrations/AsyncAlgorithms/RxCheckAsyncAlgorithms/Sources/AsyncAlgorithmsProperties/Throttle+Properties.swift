import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// Parameter 0: the interval, 0 to 30 ticks.
    static var throttleLatest: AsyncSpec { throttle(latest: true) }
    static var throttleOldest: AsyncSpec { throttle(latest: false) }

    private static func throttle(latest: Bool) -> AsyncSpec {
        var spec = AsyncSpec("throttle.\(latest ? "latest" : "oldest")", "s0._throttle(for: d, clock: virtual, latest: \(latest))",
                             shape: shape(parameters: [0...30]),
                             model: .sequence { scenario, observed in
                                 ThrottleModel.expected(scenario, interval: scenario.parameters[0], latest: latest,
                                                        start: observed.sourceStarts[0])
                             }) { context in
            AsyncOutput(context.sources[0]._throttle(for: .seconds(context.parameters[0]), clock: context.clock, latest: latest))
        }
        spec.modelShape = timedShape(spec.shape)
        spec.modelPace = 0...0
        return spec
    }
}
