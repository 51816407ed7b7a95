import RxCore
import RxTestKit

/// switchLatest (SEMANTICS §3) on sources[0] as the outer sequence; element k stands for
/// `inners[k % inners.count]`. Each outer element unsubscribes the current inner, then
/// subscribes the new one. Only the current inner's events count. An inner that ends, and the
/// outer when it completes, are released at once, before anything is forwarded (1.4). The output completes when
/// the outer has completed and no inner is live. When the output ends inside a synchronous
/// outer's subscribe call, each element the outer still delivers subscribes its inner and
/// disposes it at once (RxSwift: zero-length entries).
public enum SwitchLatestModel {
    public static func outcome(_ scenario: Scenario, map: (Int) -> Int = { $0 }) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        clock.predictsReleases = true
        var output = clock.output(Int.self)
        let outer = clock.subscribe(.source(0))
        var current: Int?
        var outerDone = false
        // When the output ends, a synchronous outer still delivers the rest of its elements
        // inside its subscribe call: each of their inners is subscribed and released at once.
        let ending: (inout ModelClock) -> Void = { clock in
            let rest = clock.takePendingSynchronous(of: outer)
            clock.unsubscribeAll()
            for case .next(let value) in rest {
                clock.subscribeAndDispose(.inner(map(value) % max(1, scenario.inners.count)))
            }
        }
        return clock.drive(&output, ending: ending) { arrival, clock, output in
            switch (arrival.timeline, arrival.value) {
            case (.timer, _), (.harness, _): return   // this model arms no timers and has one subscriber
            case (.source, .next(let value)):
                if let current { clock.unsubscribe(current) }
                current = clock.subscribe(.inner(map(value) % max(1, scenario.inners.count)))
            case (.source, .completed):
                outerDone = true
                clock.unsubscribe(outer)
                if current == nil { output.emit(.completed, at: arrival.tick) }
            case (.source, .error):
                output.forwardTerminal(arrival)
            case (.inner, _) where arrival.subscription != current:
                return   // a replaced inner: already unsubscribed, can no longer deliver
            case (.inner, .next(let value)):
                output.emit(.next(value), at: arrival.tick)
            case (.inner, .completed):
                if let current { clock.unsubscribe(current) }
                current = nil
                if outerDone { output.emit(.completed, at: arrival.tick) }
            case (.inner, .error):
                output.forwardTerminal(arrival)
            }
        }
    }
}
