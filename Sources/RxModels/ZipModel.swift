import RxCore
import RxTestKit

/// zip (SEMANTICS §3): sources subscribed in order; each element is queued and, when every
/// queue has a head, one row of heads is emitted. Fixed arity completes only when all sources
/// have completed; the collection form (`completesLazily`) also completes when an element
/// cannot be paired while all other sources are done. Errors end it at once.
public enum ZipModel {
    @_specialize(where R == Int)
    public static func outcome<R>(_ scenario: Scenario, completesLazily: Bool, selector: ([Int]) -> R) -> Outcome<R> {
        modelled(scenario, completesLazily: completesLazily, selector: selector)
    }

    // The body apart, never inlined: a generic function sizes its generic locals (an
    // `Event<R>`) on entry, which looks their metadata up before the `R == Int` dispatch.
    @inline(never) @_specialize(where R == Int)
    private static func modelled<R>(_ scenario: Scenario, completesLazily: Bool, selector: ([Int]) -> R) -> Outcome<R> {
        var clock = ModelClock(scenario)
        var output = clock.output(R.self)
        let count = scenario.sources.count
        if count == 0 {
            output.emit(.completed, at: clock.tick)
            return clock.finish(output.events)
        }
        let ids = clock.subscribe(sourcesInTurn: 0..<count)
        var queues = [[Int]](filled: [], count: count)
        var done = [Bool](filled: false, count: count)
        return clock.drive(&output) { arrival, clock, output in
            guard case .source(let index) = arrival.timeline else { return }
            switch arrival.value {
            case .next(let value):
                queues[index].append(value)
                if queues.allSatisfy({ !$0.isEmpty }) {
                    output.emit(.next(selector(queues.map { $0[0] })), at: arrival.tick)
                    for source in 0..<count { queues[source].removeFirst() }
                } else if completesLazily && (0..<count).allSatisfy({ $0 == index || done[$0] }) {
                    output.emit(.completed, at: arrival.tick)
                }
            case .error:
                output.forwardTerminal(arrival)
            case .completed:
                done[index] = true
                clock.unsubscribe(ids.lowerBound + index)
                if done.allSatisfy({ $0 }) { output.emit(.completed, at: arrival.tick) }
            }
        }
    }
}
