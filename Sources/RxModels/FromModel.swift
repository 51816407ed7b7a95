import RxCore
import RxTestKit

/// from (SEMANTICS §2). Default scheduler: every element then `completed`, all at S. Virtual
/// scheduler: element k (1-based) at S+k, `completed` at S+n+1; each is queued during the run,
/// so one due at the dispose tick is not recorded, and nothing after it.
public enum FromModel {
    public static func outcome(_ scenario: Scenario, elements: [Int], onVirtualScheduler: Bool) -> Outcome<Int> {
        let start = scenario.subscribed
        var events: [Recorded<Event<Int>>] = []
        for (offset, element) in elements.enumerated() {
            events.append(Recorded(time: onVirtualScheduler ? start + offset + 1 : start, value: .next(element)))
        }
        events.append(Recorded(time: onVirtualScheduler ? start + elements.count + 1 : start, value: .completed))
        if onVirtualScheduler { events = events.filter { $0.time < scenario.disposed } }
        return Outcome(events: events, sourceLogs: scenario.sources.map { _ in [] }).observed(in: scenario)
    }
}
