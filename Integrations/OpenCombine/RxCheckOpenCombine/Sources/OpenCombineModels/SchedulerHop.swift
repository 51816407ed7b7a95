import RxCore
import RxTestKit

extension Outcome {
    /// The outcome as a subscriber sees it when every event reaches it through a hop on the
    /// scheduler — an action later in the same tick (`receive(on:)`, and the completions of
    /// `debounce` and `timeout`): the events of the tick at which the subscriber cancels reach
    /// the operator only after the cancel, and are lost.
    public func hoppingThroughScheduler(_ scenario: Scenario) -> Outcome {
        var copy = self
        copy.events = events.filter { $0.time != scenario.disposed }
        return copy
    }
}
