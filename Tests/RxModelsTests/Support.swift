import RxCore
import RxTestKit

// The models' own tests hold each model against timelines worked out by hand from the contract
// (SEMANTICS.md and RxSwift 6) — the same ones the operators' RxTest-style tests use — so that
// neither a model nor an operator is ever the only judge of the other.

let testError = TestError(1)

func next<T>(_ time: TestTime, _ value: T) -> Recorded<Event<T>> { .next(time, value) }
func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> { .completed(time) }
func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>> { .error(time, error) }

/// A scripted source from RxTest-style recorded events (errors must be `TestError`s).
func timeline(_ flavor: SourceTimeline.Flavor, _ events: [Recorded<Event<Int>>]) -> SourceTimeline {
    SourceTimeline(flavor, events.map { recorded in
        switch recorded.value {
        case .next(let value): return TimelineEvent(recorded.time, .next(value))
        case .completed: return TimelineEvent(recorded.time, .completed)
        case .error(let error): return TimelineEvent(recorded.time, .error((error as? TestError)?.id ?? 0))
        }
    })
}

/// A hot test source: events at absolute ticks.
func hot(_ events: [Recorded<Event<Int>>]) -> SourceTimeline { timeline(.hot, events) }
/// A cold test source: events at offsets from each subscription.
func cold(_ events: [Recorded<Event<Int>>]) -> SourceTimeline { timeline(.cold, events) }
/// A synchronous source (`just`, `of`, `empty`, `error`): every event inside subscribe.
func sync(_ events: [Recorded<Event<Int>>]) -> SourceTimeline { timeline(.synchronous, events) }

/// A hot source that is also a `BehaviorSubject` (an element at the subscribe tick is its initial one).
func behavior(_ events: [Recorded<Event<Int>>]) -> SourceTimeline { timeline(.behavior, events) }

/// RxTest's defaults: created at 100, subscribed at 200, disposed at 1000.
func scenario(_ sources: [SourceTimeline], inners: [SourceTimeline] = [], hotOrder: [HotEventRef]? = nil,
              disposed: Int = 1000) -> Scenario {
    Scenario(sources: sources, inners: inners, hotOrder: hotOrder, disposed: disposed)
}

/// A subscription log entry still open at the end.
func open(_ tick: Int) -> Subscription { Subscription(tick) }

extension Outcome {
    /// The predicted steps as compared: disposals that follow one another sorted.
    var order: [RunStep] { RunStep.canonical(steps ?? []) }
}
