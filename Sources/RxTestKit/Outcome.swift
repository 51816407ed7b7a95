// The results of a scenario run: the outcome two runs (or a run and its model) are compared by,
// and the run's record beyond it. Apart from the runner so a reader of results needs nothing
// about how a run is driven.

import Foundation
import RxCore

/// What happened in one run — or what a model predicts: the output events and the
/// subscription log of every source and inner source. Two outcomes are equal when their
/// timelines are; `steps` is a finer claim, compared on its own by the checks that want it.
public struct Outcome<Element: Equatable>: Equatable {
    /// The output as the test observer recorded it.
    public var events: [Recorded<Event<Element>>]
    /// One log per source of `Scenario.sources`.
    public var sourceLogs: [[Subscription]]
    /// One log per inner source of `Scenario.inners`.
    public var innerLogs: [[Subscription]]
    /// What each of `Scenario.extraSubscribers` recorded.
    public var extraEvents: [[Recorded<Event<Element>>]]
    /// Every subscribe, dispose and recorded output event in the order it happened (a run), or
    /// in the order predicted (a model); nil when not predicted.
    public var steps: [RunStep]?
    /// True when `steps` holds the operator's releases (`RunStep.release`) too: a model that
    /// predicts them says so, and a run told to log them. Steps are compared with releases only
    /// when both sides have them.
    public var stepsIncludeReleases: Bool

    /// An outcome of these parts; `steps` is nil when the order within a tick was not recorded.
    public init(events: [Recorded<Event<Element>>], sourceLogs: [[Subscription]], innerLogs: [[Subscription]] = [],
                extraEvents: [[Recorded<Event<Element>>]] = [], steps: [RunStep]? = nil, stepsIncludeReleases: Bool = false) {
        self.events = events
        self.sourceLogs = sourceLogs
        self.innerLogs = innerLogs
        self.extraEvents = extraEvents
        self.steps = steps
        self.stepsIncludeReleases = stepsIncludeReleases
    }

    /// The steps without releases, when they have some and `other` has none to compare them with.
    public func steps(comparableWith other: Outcome) -> [RunStep]? {
        guard stepsIncludeReleases && !other.stepsIncludeReleases, let steps else { return steps }
        return steps.filter { !$0.isRelease }
    }

    // Specialised for `Int`: generic, every event compared asks the runtime for metadata.
    @_specialize(where Element == Int)
    public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
        sameEvents(lhs.events, rhs.events) && lhs.sourceLogs == rhs.sourceLogs && lhs.innerLogs == rhs.innerLogs
            && lhs.extraEvents.count == rhs.extraEvents.count
            && zip(lhs.extraEvents, rhs.extraEvents).allSatisfy { sameEvents($0, $1) }
    }

    /// `lhs == rhs`, with two `TestError`s compared as such: `errorsEqual` first asks the
    /// runtime whether an error's type is `Equatable`, several times the cost of the rest of
    /// an outcome's comparison.
    private static func sameEvents(_ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // One list twice: a run that followed its model's prediction has the model's events.
        if lhs.withUnsafeBufferPointer({ $0.baseAddress }) == rhs.withUnsafeBufferPointer({ $0.baseAddress }) { return true }
        for index in lhs.indices {
            guard lhs[index].time == rhs[index].time else { return false }
            if case .error(let left) = lhs[index].value, case .error(let right) = rhs[index].value,
               let left = TestError.identity(of: left), let right = TestError.identity(of: right) {
                if left != right { return false }
            } else if lhs[index].value != rhs[index].value {
                return false
            }
        }
        return true
    }
}

/// A run of a scenario on a `TestScheduler`, with what the harness saw beyond the outcome.
public struct ScenarioRun<Element: Equatable> {
    /// Output events and logs.
    public var outcome: Outcome<Element>
    /// Events delivered to the test observer after the harness disposed the subscription.
    public var eventsAfterDispose: [Recorded<Event<Element>>]
    /// Ticks of relative actions (timers, scheduler hops) that ran after every subscriber's
    /// output had ended — by its terminal or its dispose: what code under test left scheduled.
    public var timersAfterEnd: [Int]
    /// The deepest the call stack went below the run's start when an event reached an observer,
    /// in bytes: an operator that recurses once per event shows here long before it overflows.
    public var stackDepth: Int
    /// True when the run was stopped for using up its step budget.
    public var isRunaway: Bool
    /// Actions the scheduler ran.
    public var steps: Int

    /// A run recorded elsewhere (another library's run of the same scenario, say): what the
    /// checks read of it. A run that tracked no timers, stack or steps passes `[]` and 0.
    public init(outcome: Outcome<Element>, eventsAfterDispose: [Recorded<Event<Element>>], timersAfterEnd: [Int] = [],
                stackDepth: Int = 0, isRunaway: Bool = false, steps: Int = 0) {
        self.outcome = outcome
        self.eventsAfterDispose = eventsAfterDispose
        self.timersAfterEnd = timersAfterEnd
        self.stackDepth = stackDepth
        self.isRunaway = isRunaway
        self.steps = steps
    }
}
