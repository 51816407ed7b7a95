// What a scenario run keeps for the next one on its thread (scheduler, hot sources, harness) and
// what it lets go: each kept object starts the next run as good as new.

import Testing
import Foundation
import RxCore
import RxTestKit

extension ScenarioRunTests {
    /// Runs one after another on a thread share its spare scheduler and the hot feed and hot
    /// sources kept with it: each run's hot events are its own — a longer order after a shorter
    /// one, one whose ticks fall (fed another way) in between, and the first again — and a
    /// finished run's sources are let go, or kept for the next run with nothing of theirs but
    /// the log the outcome has.
    @Test func consecutiveRuns_feedEachTheirOwnHotEvents() {
        let short = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .completed)])])
        let long = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(230, .next(7)), TimelineEvent(240, .next(8))]),
                                      SourceTimeline(.hot, [TimelineEvent(235, .next(9)), TimelineEvent(250, .error(2))])])
        let falling = Scenario(sources: long.sources, hotOrder: [HotEventRef(inner: false, source: 1, index: 0),
                                                                 HotEventRef(inner: false, source: 0, index: 0),
                                                                 HotEventRef(inner: false, source: 0, index: 1),
                                                                 HotEventRef(inner: false, source: 1, index: 1)])
        let merged: (ScenarioContext) -> Observable<Int> = { Observable.merge($0.sources) }
        final class Watch { weak var source: Observable<Int>? }
        let watch = Watch()
        for _ in 0..<2 {
            #expect(short.run(merged).outcome.events == [.next(210, 1), .completed(220)])
            let run = long.run { context in
                watch.source = context.sources[0]
                return Observable.merge(context.sources)
            }
            #expect(run.outcome.events == [.next(230, 7), .next(235, 9), .next(240, 8), .error(250, TestError(2))])
            #expect(watch.source.map { ($0 as! TestableObservable<Int>).subscriptions == run.outcome.sourceLogs[0] } ?? true)
            #expect(falling.run(merged).outcome.events == [.next(230, 7), .next(235, 9), .next(240, 8), .error(250, TestError(2))])
        }
    }

    /// A hot source the code under test still holds after its run is left to it, log and all;
    /// the next run on the thread makes or takes another. One nothing holds serves the next run
    /// as a new source would, whatever it delivered before.
    @Test func nextRun_reusesAFinishedHotSource_unlessCodeUnderTestKeepsIt() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .completed)]),
                                          SourceTimeline(.behavior, [TimelineEvent(200, .next(5)), TimelineEvent(230, .next(6))])])
        let other = Scenario(sources: [SourceTimeline(.behavior, [TimelineEvent(200, .next(8))]),
                                       SourceTimeline(.hot, [TimelineEvent(215, .error(3))])])
        let merged: (ScenarioContext) -> Observable<Int> = { Observable.merge($0.sources) }
        let fresh = scenario.run(merged).outcome
        #expect(fresh.events == [.next(200, 5), .next(210, 1), .next(230, 6)])
        #expect(fresh.sourceLogs == [[Subscription(200, 220)], [Subscription(200, 1000)]])
        var kept: [Observable<Int>] = []
        let keeping = scenario.run { context in
            kept = context.sources
            return merged(context)
        }
        #expect(keeping.outcome == fresh)
        var used: [ObjectIdentifier] = []
        let afterKeeping = other.run { context in
            used = context.sources.map { ObjectIdentifier($0) }
            return merged(context)
        }.outcome
        #expect(afterKeeping.events == [.next(200, 8), .error(215, TestError(3))])
        #expect(afterKeeping.sourceLogs == [[Subscription(200, 215)], [Subscription(200, 215)]])
        // The kept sources are untouched by the runs after theirs, which use others.
        #expect(kept.map { ($0 as! TestableObservable<Int>).subscriptions } == [[Subscription(200, 220)], [Subscription(200, 1000)]])
        #expect(Set(used).isDisjoint(with: kept.map { ObjectIdentifier($0) }))
        for _ in 0..<2 {
            #expect(scenario.run(merged).outcome == fresh)
            #expect(other.run(merged).outcome == afterKeeping)
        }
        // The runs after it reuse the storage of an outcome let go, never of one still held.
        #expect(fresh.events == [.next(200, 5), .next(210, 1), .next(230, 6)])
        #expect(fresh.sourceLogs == [[Subscription(200, 220)], [Subscription(200, 1000)]])
        #expect(fresh.steps?.count == 6)
    }

    /// The harness and main observer a run leaves to the next on the thread carry nothing over:
    /// a plain run after one with extra subscribers, feedback, a dispose from inside `onNext`
    /// and a runaway records what it would have recorded first. An observer the code under test
    /// keeps (and sends to after its run) is left to it.
    @Test func nextRun_startsFromACleanHarness_whateverTheRunBeforeLeft() {
        let plain = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2)),
                                                             TimelineEvent(230, .completed)])])
        let merged: (ScenarioContext) -> Observable<Int> = { Observable.merge($0.sources) }
        let first = plain.run(merged)
        #expect(first.outcome.events == [.next(210, 1), .next(220, 2), .completed(230)])
        let busy = Scenario(sources: plain.sources + [SourceTimeline(.cold, [TimelineEvent(5, .next(4))])],
                            extraSubscribers: [Subscription(205, 225)], disposeInsideAfter: 2,
                            feedback: Scenario.Feedback(after: 1, value: 9))
        _ = busy.run { Observable.merge($0.sources) }
        #expect(plain.run(merged).outcome == first.outcome)
        let runaway = plain.run(stepBudget: 5) { context in
            Observable<Int>.create { _ in
                func again() { _ = context.scheduler.scheduleRelativeTicks(0) { again(); return Disposables.create() } }
                again()
                return Disposables.create()
            }
        }
        #expect(runaway.isRunaway)
        #expect(plain.run(merged).outcome == first.outcome)
        // An operator that keeps every observer it is handed, past its run.
        final class Keeping: Observable<Int> {
            var observers: [AnyObserver<Int>] = []
            override func run(_ observer: AnyObserver<Int>) -> Disposable {
                observers.append(observer)
                return Disposables.create()
            }
        }
        let keeping = Keeping()
        #expect(plain.run { _ in keeping }.outcome.events == [])
        // Sent to the kept observer while the next run is under way: not that run's observer.
        let after = plain.run { context in
            keeping.observers[0].onNext(99)
            return merged(context)
        }
        #expect(after.outcome == first.outcome && after.outcome.steps == first.outcome.steps)
        #expect(plain.run(merged).outcome == first.outcome)
    }

    /// A run stopped as a runaway leaves harness steps queued; its scheduler still goes when the
    /// run returns (nothing queued holds it).
    @Test func runawayRun_releasesItsScheduler() {
        final class Seen { weak var scheduler: TestScheduler?; weak var marker: AnyObject? }
        final class Marker {}
        let seen = Seen()
        let scenario = Scenario(sources: [SourceTimeline(.hot, [])])
        let run = scenario.run(stepBudget: 20) { context in
            seen.scheduler = context.scheduler
            let marker = Marker()
            seen.marker = marker
            return Observable<Int>.create { observer in
                func again() {
                    _ = context.scheduler.scheduleRelativeTicks(0) { withExtendedLifetime(marker) { again() }; return Disposables.create() }
                }
                again()
                return Disposables.create()
            }
        }
        #expect(run.isRunaway)
        // The action still queued, and what it holds, are gone; the scheduler is too, or kept
        // empty as the thread's spare for the next run.
        #expect(seen.marker == nil)
        #expect(seen.scheduler.map { $0.pendingCount == 0 && $0.clock == 0 && $0.steps == 0 } ?? true)
    }
}

extension ScenarioRunTests {
    /// The harness holds the observers and the operator, and they point back at it: once a run
    /// returns, nothing it built is left — with extra subscribers, feedback and a dispose from
    /// inside `onNext` in play.
    @Test func finishedRun_releasesEverythingItBuilt() {
        final class Seen {
            weak var scheduler: TestScheduler?
            weak var source: Observable<Int>?
            weak var output: Observable<Int>?
        }
        let seen = Seen()
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2)),
                                                                TimelineEvent(230, .next(3))]),
                                          SourceTimeline(.cold, [TimelineEvent(5, .next(4))])],
                                extraSubscribers: [Subscription(205, 225)], disposeInsideAfter: 2,
                                feedback: Scenario.Feedback(after: 1, value: 9))
        let run = scenario.run { context in
            seen.scheduler = context.scheduler
            seen.source = context.sources[0]
            let output = Observable.merge(context.sources[0], context.sources[1])
            seen.output = output
            return output
        }
        // The cold 4 is fed back as 9 into both live subscriptions of source 0; the second
        // event disposes the main observer.
        #expect(run.outcome.events == [.next(205, 4), .next(205, 9)])
        #expect(run.outcome.extraEvents == [[.next(205, 9), .next(210, 1), .next(210, 4), .next(220, 2)]])
        #expect(seen.scheduler.map { $0.pendingCount == 0 && $0.clock == 0 && $0.steps == 0 } ?? true)
        #expect(seen.source == nil)
        #expect(seen.output == nil)
    }

    /// A run reuses the scheduler of the run before it on the thread, reset: the same scenario
    /// run twice gives the same run, timers and all; a scheduler the code under test keeps is
    /// not reused.
    @Test func nextRun_reusesAResetScheduler_unlessCodeUnderTestKeepsIt() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(240, .completed)])],
                                disposed: 300)
        var schedulers: [ObjectIdentifier] = []
        func delayed(_ context: ScenarioContext) -> Observable<Int> {
            schedulers.append(ObjectIdentifier(context.scheduler))
            return context.sources[0].delay(.seconds(15), scheduler: context.scheduler)
        }
        let first = scenario.run(delayed)
        let second = scenario.run(delayed)
        #expect(first.outcome == second.outcome && first.outcome.steps == second.outcome.steps)
        #expect(first.outcome.events == [.next(225, 1), .completed(255)])
        #expect((first.steps, first.timersAfterEnd, first.isRunaway) == (second.steps, second.timersAfterEnd, second.isRunaway))
        #expect(schedulers[0] == schedulers[1])
        var kept: TestScheduler?
        _ = scenario.run { context in
            kept = context.scheduler
            return delayed(context)
        }
        let afterKeeping = scenario.run(delayed)
        #expect(afterKeeping.outcome == first.outcome)
        #expect(kept.map { ObjectIdentifier($0) } == schedulers[2])
        #expect(schedulers[3] != schedulers[2])
    }
}
