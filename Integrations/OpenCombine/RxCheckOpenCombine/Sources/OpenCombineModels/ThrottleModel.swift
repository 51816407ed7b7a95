import RxCore
import RxModels
import RxTestKit

/// `throttle(for:scheduler:latest:)`, as OpenCombine's `ThrottleTests` (which also run against
/// Apple's Combine) pin it down. An element arriving when no output is scheduled schedules one: at
/// once (a hop later in the same tick) if nothing was published yet or the interval has passed
/// since the last output, else at last output + interval. Until that output runs, further elements
/// replace the held one (`latest`) or are ignored (first kept). The output publishes the held
/// element and restarts the interval. A completion waits for a scheduled output and follows it in
/// the same action; with none scheduled it hops. Whatever hops at the tick the subscriber cancels
/// is lost.
public enum ThrottleModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int, latest: Bool) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let upstream = clock.subscribe(.source(0))
        var lastOutput: Int?
        var held: Int?
        var timer: Int?
        var hop: Int?                       // the tick of an output due later in that tick
        var completion: TimelineValue?
        func publish(at tick: Int) {
            if let value = held { output.emit(.next(value), at: tick) }
            held = nil
            lastOutput = tick
            switch completion {
            case .completed?: output.emit(.completed, at: tick)
            case .error(let id)?: output.emit(.error(TestError(id)), at: tick)
            default: break
            }
        }
        // An output that hops is published once the clock has moved past its tick; if it ends
        // the output (a completion, or the subscriber cancelling inside it), the clock is already
        // later: `endedAt` puts the subscriptions' ends back at the hop's tick.
        var endedAt: Int?
        // Ended: completed, or the subscriber cancelled inside an element just published (the
        // clock notices that only at its next step).
        func ended() -> Bool { output.isTerminated || scenario.disposeInsideAfter.map { output.events.count >= $0 } == true }
        while !output.isTerminated, let arrival = clock.next() {
            if let due = hop, arrival.tick > due {
                hop = nil
                publish(at: due)
                if ended() { endedAt = due; break }
            }
            switch arrival.kind {
            case .harness: break
            case .timer:
                guard arrival.subscription == timer else { break }
                timer = nil
                publish(at: arrival.tick)
            case .event(.next(let value)):
                if latest || held == nil { held = value }
                guard timer == nil, hop == nil else { break }
                if let lastOutput, arrival.tick - lastOutput < dueTicks {
                    timer = clock.schedule(after: lastOutput + dueTicks - arrival.tick)
                } else {
                    hop = arrival.tick
                }
            case .event(let terminal):
                completion = terminal
                clock.unsubscribe(upstream)   // the upstream's subscription ends with it
                if timer == nil && hop == nil { hop = arrival.tick }
            }
        }
        // A hop due before the cancel still runs; one due at the cancel's tick comes after it.
        if !output.isTerminated, let due = hop, due < scenario.disposed {
            publish(at: due)
            if ended() { endedAt = due }
        }
        if output.isTerminated { clock.unsubscribeAll() }
        var outcome = clock.finish(output.events)
        if let endedAt {
            outcome.sourceLogs = outcome.sourceLogs.map { log in
                log.map { $0.subscribe <= endedAt && $0.unsubscribe > endedAt ? Subscription($0.subscribe, endedAt) : $0 }
            }
        }
        return outcome
    }
}
