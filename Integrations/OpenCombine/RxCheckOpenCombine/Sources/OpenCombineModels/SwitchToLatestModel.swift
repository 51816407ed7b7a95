import RxCore
import RxModels
import RxTestKit

/// `switchToLatest()`: "Republishes elements sent by the most recently received publisher." Each
/// new inner publisher cancels the one before; only the current inner's elements are published.
/// The output finishes when the upstream has finished and the current inner (if any) has too; a
/// failure of the upstream or of the current inner ends it and cancels the rest.
public enum SwitchToLatestModel {
    public static func outcome(_ scenario: Scenario) -> Outcome<Int> {
        var clock = ModelClock(scenario)
        var output = clock.output(Int.self)
        let innerCount = scenario.inners.count
        var current: Int?
        var live = false
        var upstreamDone = false
        clock.subscribe(.source(0))
        return clock.drive(&output) { arrival, clock, output in
            switch (arrival.timeline, arrival.kind) {
            case (_, .harness), (_, .timer): break
            case (.source, .event(.next(let value))):
                if let current { clock.unsubscribe(current) }
                current = nil
                live = true   // with no inner sources, an element stands for a publisher that never ends
                guard innerCount > 0 else { return }
                current = clock.subscribe(.inner(((value % innerCount) + innerCount) % innerCount))
            case (.source, .event(.completed)):
                upstreamDone = true
                if !live { output.emit(.completed, at: arrival.tick) }
            case (.source, .event(.error)):
                output.forwardTerminal(arrival)
            case (_, .event(let value)):
                guard arrival.subscription == current else { return }
                switch value {
                case .next(let element): output.emit(.next(element), at: arrival.tick)
                case .error: output.forwardTerminal(arrival)
                case .completed:
                    current = nil
                    live = false
                    if upstreamDone { output.emit(.completed, at: arrival.tick) }
                }
            }
        }
    }
}
