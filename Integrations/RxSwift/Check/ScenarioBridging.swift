// RxCheck's side of the bridge: a `Scenario` as the bridge's plain values, and a bridge run's
// outcome as RxCheck's `Outcome`, so RxCheck's models judge what RxSwift did. Built with the
// bridge: against RxSwift in a user's package, against RxCheck's own core in CI.

import RxCore
import RxSwiftBridge
import RxTestKit

extension BridgeScenario {
    /// `scenario` field for field: errors keep their `TestError` identity as a `BridgeError`.
    public init(_ scenario: Scenario) {
        func timeline(_ timeline: SourceTimeline) -> BridgeTimeline {
            let flavor: BridgeTimeline.Flavor
            switch timeline.flavor {
            case .hot: flavor = .hot
            case .cold: flavor = .cold
            case .synchronous: flavor = .synchronous
            case .behavior: flavor = .behavior
            }
            return BridgeTimeline(flavor, timeline.events.map { event in
                switch event.value {
                case .next(let value): return BridgeEvent(event.tick, .next, value)
                case .error(let identity): return BridgeEvent(event.tick, .error, identity)
                case .completed: return BridgeEvent(event.tick, .completed)
                }
            })
        }
        self.init(sources: scenario.sources.map(timeline), inners: scenario.inners.map(timeline),
                  hotOrder: scenario.hotOrder.map { BridgeEventRef(inner: $0.inner, source: $0.source, index: $0.index) },
                  created: scenario.created, subscribed: scenario.subscribed, disposed: scenario.disposed,
                  parameters: scenario.parameters,
                  extraSubscribers: scenario.extraSubscribers.map { BridgeSubscription($0.subscribe, $0.unsubscribe) },
                  disposeInsideAfter: scenario.disposeInsideAfter,
                  feedback: scenario.feedback.map { BridgeFeedback(after: $0.after, value: $0.value, source: $0.source, inner: $0.inner) })
    }
}

extension BridgeOutcome {
    /// The outcome as RxCheck records one: a `BridgeError` becomes the `TestError` of its
    /// identity, a named `RxError` RxCore's own, and any other error an `UnbridgedError`
    /// carrying its description, which equals no model's prediction.
    public var outcome: Outcome<Int> {
        func recorded(_ events: [BridgeEvent]) -> [Recorded<Event<Int>>] {
            events.map { event in
                switch event.kind {
                case .next: return Recorded(time: event.tick, value: .next(event.value))
                case .completed: return Recorded(time: event.tick, value: .completed)
                case .error:
                    if let name = event.error { return Recorded(time: event.tick, value: .error(Self.error(named: name))) }
                    return Recorded(time: event.tick, value: .error(TestError(event.value)))
                }
            }
        }
        func logs(_ logs: [[BridgeSubscription]]) -> [[Subscription]] {
            logs.map { $0.map { Subscription($0.subscribe, $0.unsubscribe) } }
        }
        return Outcome(events: recorded(events), sourceLogs: logs(sourceLogs), innerLogs: logs(innerLogs),
                       extraEvents: extraEvents.map(recorded))
    }

    /// The run as RxCheck's checks read one (no timers, stack depth or steps are tracked).
    public var scenarioRun: ScenarioRun<Int> {
        ScenarioRun(outcome: outcome, eventsAfterDispose: recordedAfterDispose, isRunaway: isRunaway)
    }

    /// RxCore's `RxError` for the cases the bridge names, else an `UnbridgedError`.
    static func error(named name: String) -> Error {
        switch name {
        case "RxError.noElements": return RxError.noElements
        case "RxError.moreThanOneElement": return RxError.moreThanOneElement
        case "RxError.argumentOutOfRange": return RxError.argumentOutOfRange
        case "RxError.timeout": return RxError.timeout
        default: return UnbridgedError(description: name)
        }
    }

    /// What reached an observer after its dispose, as RxCheck records it.
    public var recordedAfterDispose: [Recorded<Event<Int>>] {
        BridgeOutcome(events: eventsAfterDispose, sourceLogs: [], innerLogs: [], extraEvents: [],
                      eventsAfterDispose: [], isRunaway: false).outcome.events
    }
}

/// An error a bridged run produced that is no scenario error (an `RxError`, a user closure's
/// own): known by its description only.
public struct UnbridgedError: Error, Equatable, CustomStringConvertible {
    public let description: String
}
