import RxCore
import RxModels
import RxTestKit

/// `flatMap(maxPublishers: .max(k))`: at most k inner publishers at a time, by backpressure: it
/// asks the upstream for k elements, and for one more each time an inner finishes. A hot
/// upstream's elements that arrive with no demand are lost (a `PassthroughSubject` drops them, a
/// `CurrentValueSubject` keeps the latest and drops it when it completes); a cold or synchronous
/// upstream holds them until asked, and then hands the next over at once,
/// inside the inner's completion. The output finishes when the upstream has finished and every
/// inner has; the first failure ends it — an inner's leaving the upstream subscribed (see
/// `FlatMapModel`). `maxPublishers` nil is `.unlimited`.
public enum FlatMapMaxPublishersModel {
    public static func outcome(_ scenario: Scenario, maxPublishers: Int?) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let flavor = scenario.sources.first?.flavor ?? .cold
        let lossless = flavor == .cold || flavor == .synchronous
        let innerCount = scenario.inners.count
        var demand = maxPublishers ?? Int.max
        var innerFailed = false
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
        func handle(_ arrival: Arrival, _ clock: inout ModelClock, _ output: inout ModelOutput<Int>) {
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness), (_, .timer): break
            case (.source, .event(.next(let value))):
                if demand > 0 && held.isEmpty {
                    start(value, &clock)
                } else if lossless {
                    held.append(value)
                } else if flavor == .behavior {
                    held = [value]   // a CurrentValueSubject keeps only its latest element for a subscriber without demand
                }
            case (.source, .event(.error)):
                if lossless && !held.isEmpty { heldTerminal = arrival } else { output.forwardTerminal(arrival) }
            case (.source, .event(.completed)):
                if !lossless { held = [] }
                if lossless && !held.isEmpty {
                    heldTerminal = arrival
                } else {
                    upstreamDone = true
                    if live.isEmpty { output.emit(.completed, at: arrival.tick) }
                }
            case (_, .event(.next(let value))):
                output.emit(.next(value), at: arrival.tick)
            case (_, .event(.error)):
                innerFailed = true
                output.forwardTerminal(arrival)
            case (_, .event(.completed)):
                live.remove(arrival.subscription)
                if demand < Int.max { demand += 1 }
                // A held element goes out inside this completion; a synchronous inner it starts
                // delivers before the upstream hands over anything after it.
                while demand > 0, !held.isEmpty, !output.isTerminated {
                    start(held.removeFirst(), &clock)
                    while !output.isTerminated, let inside = clock.nextSynchronous() { handle(inside, &clock, &output) }
                }
                if held.isEmpty, let terminal = heldTerminal, !output.isTerminated {
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
        let upstream = clock.subscribe(.source(0))
        let outcome = clock.drive(&output, ending: { clock in
            for id in live where id >= 0 { clock.unsubscribe(id) }
            if !innerFailed { clock.unsubscribe(upstream) }
        }) { arrival, clock, output in handle(arrival, &clock, &output) }
        return innerFailed ? LeftOpen.patch(outcome, scenario, source: 0) : outcome
    }
}
