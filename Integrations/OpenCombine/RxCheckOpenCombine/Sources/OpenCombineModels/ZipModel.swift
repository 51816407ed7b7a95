import RxCore
import RxModels
import RxTestKit

/// `zip(_:)`: "waits until both publishers have emitted an event, then delivers the oldest
/// unconsumed event from each publisher together as a tuple". It finishes as soon as a finished
/// upstream has nothing left to pair — at its completion when its queue is empty, else right after
/// the pair that empties it (OpenCombine's `testImmediateFinishWhenOneChildFinishesWithNoSurplus`,
/// `testZipCompletesOnlyAfterAllChildrenComplete`, which also run against Apple's Combine; RxSwift's
/// fixed-arity zip waits for every source instead). A failure ends it at once. When the first
/// upstream ends it inside its own subscribe, the second is never subscribed. Pairs are read back
/// as one number by `combine`.
public enum ZipModel {
    public static func outcome(_ scenario: Scenario, combine: @escaping (Int, Int) -> Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(inTurn: [.source(0), .source(1)])
        var queues: [[Int]] = [[], []]
        var done = [false, false]
        func finishIfNothingLeft(_ tick: Int, _ output: inout ModelOutput<Int>) {
            if (0..<2).contains(where: { done[$0] && queues[$0].isEmpty }) { output.emit(.completed, at: tick) }
        }
        var outcome = clock.drive(&output) { arrival, _, output in
            guard case .source(let index) = arrival.timeline else { return }
            switch arrival.value {
            case .next(let value):
                queues[index].append(value)
                if !queues[0].isEmpty && !queues[1].isEmpty {
                    output.emit(.next(combine(queues[0].removeFirst(), queues[1].removeFirst())), at: arrival.tick)
                    finishIfNothingLeft(arrival.tick, &output)
                }
            case .completed:
                done[index] = true
                finishIfNothingLeft(arrival.tick, &output)
            case .error:
                output.forwardTerminal(arrival)
            }
        }
        // Ended inside the first upstream's subscribe, it never subscribes the second.
        let tick = scenario.subscribed, first = scenario.sources[0]
        let endsInsideSubscribe = first.flavor == .synchronous
            && first.events.last.map { $0.value.isTerminal && (first.events.count == 1 || $0.value != .completed) } == true
        if endsInsideSubscribe, outcome.sourceLogs[1] == [Subscription(tick, tick)] {
            outcome.sourceLogs[1] = []
        }
        return outcome
    }
}
