import RxCore
import RxModels
import RxTestKit

/// `flatMap(maxPublishers: .max(k))`: at most k inner publishers at a time, by backpressure: it
/// asks the upstream for k elements, and for one more each time an inner finishes. A hot
/// upstream's elements that arrive with no demand are lost (a `PassthroughSubject` drops them); a
/// cold or synchronous upstream holds them until asked, and then hands the next over at once,
/// inside the inner's completion. The output finishes when the upstream has finished and every
/// inner has; the first failure ends it.
public enum FlatMapMaxPublishersModel {
    public static func outcome(_ scenario: Scenario, maxPublishers: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let lossless = scenario.sources.first.map { !$0.flavor.isHot } ?? true
        let innerCount = scenario.inners.count
        var demand = maxPublishers
        var held: [Int] = []
        var heldTerminal: Arrival?
        var live: Set<Int> = []
        var upstreamDone = false
        func start(_ value: Int, _ clock: inout ModelClock) {
            demand -= 1
            // Without inner sources an element stands for `Empty(completeImmediately: false)`: live forever.
            guard innerCount > 0 else { live.insert(-2 - live.count); return }
            let index = ((value % innerCount) + innerCount) % innerCount
            live.insert(clock.subscribe(.inner(index)))
        }
        clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness), (_, .timer): break
            case (.source, .event(.next(let value))):
                if demand > 0 && held.isEmpty {
                    start(value, &clock)
                } else if lossless {
                    held.append(value)
                }
            case (.source, .event(.error)):
                if lossless && !held.isEmpty { heldTerminal = arrival } else { output.forwardTerminal(arrival) }
            case (.source, .event(.completed)):
                if lossless && !held.isEmpty {
                    heldTerminal = arrival
                } else {
                    upstreamDone = true
                    if live.isEmpty { output.emit(.completed, at: arrival.tick) }
                }
            case (_, .event(.next(let value))):
                output.emit(.next(value), at: arrival.tick)
            case (_, .event(.error)):
                output.forwardTerminal(arrival)
            case (_, .event(.completed)):
                live.remove(arrival.subscription)
                demand += 1
                while demand > 0, !held.isEmpty, !output.isTerminated {
                    start(held.removeFirst(), &clock)
                }
                if held.isEmpty, let terminal = heldTerminal {
                    heldTerminal = nil
                    if case .error(let id) = terminal.value {
                        output.emit(.error(TestError(id)), at: arrival.tick)
                    } else {
                        upstreamDone = true
                    }
                }
                if upstreamDone && live.isEmpty && !output.isTerminated { output.emit(.completed, at: arrival.tick) }
            }
        }
    }
}
