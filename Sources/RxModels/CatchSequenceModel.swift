import RxCore
import RxTestKit

/// Observable.catch(sequence:): the sources in turn, moving on only at an error (the next is
/// subscribed at that tick, once the failed one's subscribe call returned and it was released);
/// the last one's error is forwarded; a completion ends it all.
public enum CatchSequenceModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        var index = 0
        var current = -1
        if scenario.sources.isEmpty { output.emit(.completed, at: clock.tick) } else { current = clock.subscribe(.source(0)) }
        while !output.isTerminated, let arrival = clock.next() {
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            case .error(let id):
                index += 1
                if index < scenario.sources.count {
                    current = clock.moveOn(from: current, to: .source(index))
                } else {
                    output.emit(.error(TestError.boxed(id)), at: arrival.tick)
                }
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }
}
