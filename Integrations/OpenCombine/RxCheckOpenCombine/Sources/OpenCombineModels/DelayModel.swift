import RxCore
import RxModels
import RxTestKit

/// `delay(for:scheduler:)`: "Delays delivery of all output to the downstream receiver by a
/// specified amount of time" — elements and the completion alike, failures included (OpenCombine's
/// `testBasicBehavior`), each `dueTicks` after it arrived, in order. The upstream's subscription
/// ends when it completes; the output ends `dueTicks` later.
public enum DelayModel {
    public static func outcome(_ scenario: Scenario, dueTicks: Int) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        clock.subscribe(.source(0))
        var scheduled: [Int: TimelineValue] = [:]
        return clock.drive(&output, ending: { _ in }) { arrival, clock, output in
            switch arrival.kind {
            case .harness: break
            case .timer:
                guard let value = scheduled.removeValue(forKey: arrival.subscription) else { return }
                switch value {
                case .next(let element): output.emit(.next(element), at: arrival.tick)
                case .completed: output.emit(.completed, at: arrival.tick)
                case .error(let id): output.emit(.error(TestError(id)), at: arrival.tick)
                }
            case .event(let value):
                scheduled[clock.schedule(after: dueTicks)] = value
            }
        }
    }
}
