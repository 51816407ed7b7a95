import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// Parameter 0: the interval, 1 to 40 ticks. The scenario's source is not read: the timer
    /// has none; the window and the consumer are what vary.
    static var timer: AsyncSpec {
        var spec = AsyncSpec("timer", "AsyncTimerSequence(interval: d, clock: virtual)", shape: shape(parameters: [1...40]),
                             model: .sequence { scenario, _ in
                                 TimerModel.expected(start: scenario.subscribed, interval: scenario.parameters[0], until: scenario.disposed)
                             }) { context in
            AsyncOutput(AsyncTimerSequence(interval: .seconds(context.parameters[0]), clock: context.clock))
        }
        spec.finishesWithSources = false
        spec.modelPace = 0...0
        spec.shape.maxEvents = 0
        spec.shape.completions = false
        spec.shape.errors = false
        return spec
    }
}
