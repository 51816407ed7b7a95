// Running a scenario: steps, timers, dispose inside subscribe, hot order, stack budget, errors and
// following a prediction. What a run keeps for the next one is tested in ScenarioRunReuseTests.

import Testing
import Foundation
import RxCore
import RxTestKit

/// What `Scenario.run` sees beyond the output: timers left behind, and the observer's script.
@Suite struct ScenarioRunTests {
    @Test func relativeActions_areReported_absoluteOnesAreNot() {
        let scheduler = TestScheduler(initialClock: 0)
        var reported: [Int] = []
        scheduler.onRelativeAction = { reported.append($0) }
        scheduler.scheduleAt(100) { _ = scheduler.scheduleRelativeTicks(5) { Disposables.create() } }
        let cancelled = scheduler.scheduleRelativeTicks(50) { Disposables.create() }
        scheduler.scheduleAt(10) { cancelled.dispose() }
        scheduler.start()
        #expect(reported == [105])
    }

    /// Equal scenarios hash equal, and changing any one event, its place in the hot order or
    /// a harness tick changes the hash (the shrinker's verdict cache looks cases up by it).
    @Test func hash_followsEveryPartOfTheScenario() {
        let base = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2))]),
                                      SourceTimeline(.hot, [TimelineEvent(210, .completed)])], disposed: 300)
        var reordered = base
        reordered.hotOrder = [reordered.hotOrder[2]] + reordered.hotOrder[0..<2]
        var variants = [base, reordered]
        for (source, index, value) in [(0, 0, TimelineValue.next(3)), (0, 1, .error(2)), (1, 0, .error(0)), (0, 1, .completed)] {
            var changed = base
            changed.sources[source].events[index].value = value
            variants.append(changed)
        }
        var later = base
        later.sources[0].events[1].tick = 221
        var cold = base
        cold.sources[1].flavor = .cold
        var disposedLater = base
        disposedLater.disposed = 301
        variants += [later, cold, disposedLater]
        #expect(Set(variants).count == variants.count)
        #expect(Set(variants.map(\.hashValue)).count == variants.count)
        let copy = Scenario(sources: base.sources, disposed: 300)
        #expect(copy == base && copy.hashValue == base.hashValue)
    }

    /// The ordered log: test sources report their subscribes and live disposes, a synchronous
    /// source its subscribe (and no dispose once it ended), the observer its events.
    @Test func steps_logSubscribesLiveDisposesAndEvents_inOrder() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1))]),
                                          SourceTimeline(.synchronous, [TimelineEvent(0, .next(2)), TimelineEvent(0, .completed)]),
                                          SourceTimeline(.cold, [TimelineEvent(50, .completed)])], disposed: 300)
        let run = scenario.run { Observable.merge($0.sources) }
        #expect(run.outcome.events.count == 2)
        #expect(run.outcome.steps == [.subscribe(.source(0)), .subscribe(.source(1)), .emit(0), .subscribe(.source(2)),
                                      .emit(1), .dispose(.source(0))])
    }

    /// A behavior source hands each subscription the latest event fired before it, inside
    /// subscribe: the initial element, a later one, or once it ended its terminal alone (a
    /// zero-length log entry).
    @Test func behaviorSource_handsOverTheLatestEventAtEachSubscription() {
        let scenario = Scenario(sources: [SourceTimeline(.behavior, [TimelineEvent(200, .next(1)), TimelineEvent(300, .next(2)),
                                                                     TimelineEvent(500, .completed)])],
                                extraSubscribers: [Subscription(350, 400), Subscription(600, 700)])
        let run = scenario.run { $0.sources[0] }
        #expect(run.outcome.events == [.next(200, 1), .next(300, 2), .completed(500)])
        #expect(run.outcome.extraEvents == [[.next(350, 2)], [.completed(600)]])
        #expect(run.outcome.sourceLogs == [[Subscription(200, 500), Subscription(350, 400), Subscription(600, 600)]])
        // Without an element fired yet, it is a plain hot source.
        let late = Scenario(sources: [SourceTimeline(.behavior, [TimelineEvent(300, .next(2))])])
        #expect(late.run { $0.sources[0] }.outcome.events == [.next(300, 2)])
    }

    @Test func canonicalOrder_sortsOnlyDisposalsThatFollowOneAnother() {
        let steps: [RunStep] = [.dispose(.inner(0)), .dispose(.source(1)), .emit(0), .dispose(.source(2)), .dispose(.source(0))]
        #expect(RunStep.canonical(steps) == [.dispose(.source(1)), .dispose(.inner(0)), .emit(0),
                                             .dispose(.source(0)), .dispose(.source(2))])
    }

    /// A subscriber action is carried out inside the actor's delivery: a disposed subscriber
    /// gets nothing more, not even that element; an added one subscribes there (its replay
    /// comes then) and keeps its own window's end; one not yet due never subscribes.
    @Test func subscriberAction_disposesOrSubscribesFromInsideADelivery() {
        var shared = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2)),
                                                              TimelineEvent(450, .next(3))])],
                              extraSubscribers: [Subscription(205, 1000)],
                              subscriberAction: .init(.dispose, actor: 0, after: 1, target: 1))
        #expect(shared.run { $0.sources[0].share() }.outcome.extraEvents == [[]])
        shared.subscriberAction = .init(.subscribe, actor: 0, after: 1, target: 1)
        shared.extraSubscribers = [Subscription(300, 400)]
        #expect(shared.run { $0.sources[0].share(replay: 1) }.outcome.extraEvents == [[.next(210, 1), .next(220, 2)]])
        shared.subscriberAction = .init(.subscribe, actor: 0, after: 5, target: 1)
        #expect(shared.run { $0.sources[0].share(replay: 1) }.outcome.extraEvents == [[]])
        // One that cannot be carried out (subscribing the main window, naming a missing one) is
        // ignored: the run is the run without it.
        shared.subscriberAction = nil
        shared.extraSubscribers = [Subscription(215, 400)]
        let plain = shared.run { $0.sources[0].share(replay: 1) }.outcome
        #expect(plain.extraEvents == [[.next(215, 1), .next(220, 2)]])
        for unfit in [Scenario.SubscriberAction(.subscribe, actor: 1, after: 1, target: 0), .init(.dispose, actor: 0, after: 1, target: 4)] {
            shared.subscriberAction = unfit
            #expect(shared.run { $0.sources[0].share(replay: 1) }.outcome == plain, "\(unfit.description)")
        }
    }

    /// An action inside the replay the actor receives as it subscribes is carried out there:
    /// window1 disposes the main window, the last other subscriber, at its replayed 1. share
    /// keeps the connection (window1 counts already); replay(1).refCount() ends it and connects
    /// anew through a new subject, window1 left on the old one (1.5).
    @Test func subscriberAction_insideTheActorsReplay() {
        let shared = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(320, .next(2))])],
                              extraSubscribers: [Subscription(300, 1000)],
                              subscriberAction: .init(.dispose, actor: 1, after: 1, target: 0))
        let kept = shared.run { $0.sources[0].share(replay: 1) }.outcome
        #expect(kept.events == [.next(210, 1)])
        #expect(kept.extraEvents == [[.next(300, 1), .next(320, 2)]])
        #expect(kept.sourceLogs[0] == [Subscription(200, 1000)])
        let stranded = shared.run { $0.sources[0].replay(1).refCount() }.outcome
        #expect(stranded.extraEvents == [[.next(300, 1)]])
        #expect(stranded.sourceLogs[0] == [Subscription(200, 300), Subscription(300, 1000)])
    }

    /// Releases are disposals: a run of them, mixed with disposes, is sorted like one.
    @Test func canonicalOrder_sortsReleasesWithTheDisposalsTheyFollow() {
        let steps: [RunStep] = [.release(.inner(0)), .dispose(.source(1)), .release(.source(0)), .emit(0), .release(.source(1))]
        #expect(RunStep.canonical(steps) == [.release(.source(0)), .dispose(.source(1)), .release(.inner(0)), .emit(0),
                                             .release(.source(1))])
    }

    /// A run asked to log releases shows the operator's dispose of a subscription whose source
    /// had ended — once, however often it is disposed — for every flavor of source, also one
    /// that carries the observer's feedback; a run not asked shows none.
    @Test func releases_areLoggedOnlyWhenAsked_onceEach_forEveryFlavor() {
        let ended: [SourceTimeline.Flavor: SourceTimeline] = [
            .cold: SourceTimeline(.cold, [TimelineEvent(10, .completed)]),
            .hot: SourceTimeline(.hot, [TimelineEvent(210, .completed)]),
            .behavior: SourceTimeline(.behavior, [TimelineEvent(150, .completed)]),
            .synchronous: SourceTimeline(.synchronous, [TimelineEvent(0, .completed)]),
        ]
        for (flavor, source) in ended.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            for fedBack in [false, true] {
                var scenario = Scenario(sources: [source], disposed: 500)
                if fedBack { scenario.feedback = Scenario.Feedback(after: 1, value: 0, source: 0) }
                // Keeps the output open past the source's end and disposes the subscription twice.
                let build: (ScenarioContext) -> Observable<Int> = { context in
                    Observable.create { observer in
                        let subscription = context.sources[0].subscribe(AnyObserver { _ in })
                        return Disposables.create { subscription.dispose(); subscription.dispose() }
                    }
                }
                let logged = scenario.run(predicted: nil, predictedSteps: nil, logsReleases: true, build)
                #expect(logged.outcome.stepsIncludeReleases)
                #expect(logged.outcome.steps == [.subscribe(.source(0)), .release(.source(0))], "\(flavor), fed back: \(fedBack)")
                let plain = scenario.run(build)
                #expect(!plain.outcome.stepsIncludeReleases)
                #expect(plain.outcome.steps == [.subscribe(.source(0))], "\(flavor), fed back: \(fedBack)")
            }
        }
    }

    /// Steps with releases are compared with steps without them as if they had none.
    @Test func stepsWithReleases_compareWithStepsWithoutThemLeavingThemOut() {
        let with = Outcome<Int>(events: [], sourceLogs: [], steps: [.subscribe(.source(0)), .release(.source(0))], stepsIncludeReleases: true)
        let without = Outcome<Int>(events: [], sourceLogs: [], steps: [.subscribe(.source(0))])
        #expect(with.steps(comparableWith: without) == [.subscribe(.source(0))])
        #expect(with.steps(comparableWith: with) == with.steps)
        #expect(without.steps(comparableWith: with) == without.steps)
    }

    /// Steps are equal when their kind and every part of what they name are: a subscribe is
    /// never a dispose of the same source, a source never the inner source of the same index.
    @Test func steps_equalOnlyInKindAndName() {
        let steps: [RunStep] = [.subscribe(.source(0)), .subscribe(.source(1)), .subscribe(.inner(0)),
                                .dispose(.source(0)), .dispose(.inner(0)), .release(.source(0)), .emit(0), .emit(1)]
        for (i, left) in steps.enumerated() {
            for (j, right) in steps.enumerated() {
                #expect((left == right) == (i == j), "\(left) vs \(right)")
                if i == j { #expect(left.hashValue == right.hashValue) }
            }
        }
        #expect(RunStep.subscribe(SourceName(inner: true, 3)) == .subscribe(.inner(3)))
    }

    /// The steps a run and a model reserve at once fit the largest block glibc's malloc keeps
    /// per thread (1,032 bytes with an array's 32-byte header): a larger `RunStep` would need a
    /// lower cap.
    @Test func reservedSteps_fitTheAllocatorsPerThreadCache() {
        #expect(stepsReserved(forEvents: 3) == 14)
        #expect(32 + MemoryLayout<RunStep>.stride * stepsReserved(forEvents: 1_000) <= 1_032)
    }

    @Test func timerFiringAfterTheOutputEnded_isReported() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [])], disposed: 300)
        let run = scenario.run { context in
            // Arms a timer for 500 at subscription and never cancels it.
            Observable<Int>.create { _ in
                _ = context.scheduler.scheduleRelativeTicks(300) { Disposables.create() }
                return Disposables.create()
            }
        }
        #expect(run.timersAfterEnd == [500])
    }

    @Test func timerCancelledByDispose_isNotReported() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [])], disposed: 300)
        let run = scenario.run { $0.sources[0].delay(.seconds(300), scheduler: $0.scheduler) }
        #expect(run.timersAfterEnd.isEmpty)
    }

    /// Reached inside the subscribe call, the observer's dispose waits for that call to return;
    /// what arrives meanwhile is neither recorded nor counted as arriving after the dispose.
    @Test func disposeInsideSubscribe_dropsTheRestOfThatCall() {
        let scenario = Scenario(sources: [SourceTimeline(.synchronous, [TimelineEvent(0, .next(1)), TimelineEvent(0, .next(2)),
                                                                        TimelineEvent(0, .completed)])],
                                disposeInsideAfter: 1)
        let run = scenario.run { $0.sources[0] }
        #expect(run.outcome.events == [.next(200, 1)])
        #expect(run.eventsAfterDispose.isEmpty)
    }
}

extension ScenarioRunTests {
    /// Subscribes the synchronous sources one after another, each from inside the completion of
    /// the one before: a recursion one level deeper per source.
    private static func recursingThrough(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            func subscribe(_ index: Int) {
                guard index < sources.count else { return observer.onCompleted() }
                _ = sources[index].subscribe(onNext: { observer.onNext($0) }, onCompleted: { subscribe(index + 1) })
            }
            subscribe(0)
            return Disposables.create()
        }
    }

    /// Past the stack budget, synchronous sources subscribed later stay silent: the recursion
    /// through them stops at the delivery that went past it, and the depth shows it did.
    @Test func pastTheStackBudget_laterSynchronousSourcesStaySilent() {
        let scenario = Scenario(sources: (0..<40).map { SourceTimeline(.synchronous, [TimelineEvent(0, .next($0)), TimelineEvent(0, .completed)]) })
        let unbounded = scenario.run { Self.recursingThrough($0.sources) }
        #expect(unbounded.outcome.events.count == 41)
        let bounded = scenario.run(stackBudget: 1) { Self.recursingThrough($0.sources) }
        #expect(bounded.outcome.events.map(\.value) == [.next(0)])
        #expect(bounded.stackDepth > 1)
        // Every source was still subscribed in turn up to the silent one, which never completes.
        #expect(bounded.outcome.steps?.filter { if case .subscribe = $0 { return true } else { return false } }.count == 2)
    }
}

extension ScenarioRunTests {
    /// Hot events fire by tick, then in `hotOrder` among equal ticks — also when `hotOrder`
    /// lists a later tick first (a hand-written scenario may), where the run cannot feed them
    /// one by one in that order and queues them all up front instead.
    @Test func hotEvents_fireByTickThenHotOrder_whateverOrderTheyAreListedIn() {
        var sorted = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2))]),
                                        SourceTimeline(.hot, [TimelineEvent(210, .next(3)), TimelineEvent(230, .completed)])],
                              disposed: 300)
        sorted.hotOrder = [HotEventRef(inner: false, source: 1, index: 0), HotEventRef(inner: false, source: 0, index: 0),
                           HotEventRef(inner: false, source: 0, index: 1), HotEventRef(inner: false, source: 1, index: 1)]
        var unsorted = sorted
        unsorted.hotOrder = [sorted.hotOrder[2], sorted.hotOrder[0], sorted.hotOrder[3], sorted.hotOrder[1]]
        let expected: [Recorded<Event<Int>>] = [.next(210, 3), .next(210, 1), .next(220, 2)]
        for scenario in [sorted, unsorted] {
            let run = scenario.run { Observable.merge($0.sources) }
            #expect(run.outcome.events == expected)
            #expect(run.steps == 4 + 3)   // every hot event, and the harness's create, subscribe and dispose
        }
    }
}

extension ScenarioRunTests {
    private struct OtherError: Error, Equatable { let id: Int }

    /// A timeline's error becomes `TestError(id)` whatever the id: the first ids come boxed
    /// once and shared, the rest are made on the spot; both compare by value.
    @Test func timelineErrors_becomeTestErrorsOfTheirIdentity() {
        for id in [0, 1, 15, 16, 1_000, -3] {
            #expect(TimelineValue.error(id).event == .error(TestError(id)), "id \(id)")
            #expect(TestError.boxed(id) as? TestError == TestError(id), "id \(id)")
            #expect(TestError.identity(of: TestError.boxed(id)) == id, "id \(id)")
            #expect(TestError.identity(of: TestError(id)) == id, "id \(id)")
        }
        #expect(TestError.identity(of: OtherError(id: 2)) == nil)
        #expect(TestError.identity(of: NSError(domain: "d", code: 2)) == nil)
        #expect(TimelineValue.error(2).event != .error(TestError(3)))
        #expect(TimelineValue.next(4).event == .next(4))
        #expect(TimelineValue.completed.event == .completed)
    }

    /// A run told the model's prediction records what a run not told records, wherever the
    /// prediction first differs from what happens — in an element, a tick, an error's identity
    /// or type, a step, or in length — and leaves the next run to record on its own.
    @Test func runFollowingAPrediction_recordsWhatHappened_whereverTheyDiffer() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(220, .next(2)),
                                                                TimelineEvent(230, .next(3)), TimelineEvent(240, .error(2))]),
                                          SourceTimeline(.hot, [TimelineEvent(215, .next(7)), TimelineEvent(250, .error(20))])],
                                disposed: 300)
        let builds: [(String, (ScenarioContext) -> Observable<Int>)] = [
            ("TestError(2) at 240", { $0.sources[0].map { $0 * 10 } }),
            ("TestError(20), not boxed", { Observable.merge($0.sources[1], $0.sources[0].take(2)) }),
            ("another error type", { $0.sources[0].catch { _ in Observable.error(OtherError(id: 2)) } }),
        ]
        func written(_ events: [Recorded<Event<Int>>]) -> [String] { events.map { "\($0.time) \($0.value)" } }
        for (name, build) in builds {
            let plain = scenario.run(build)
            let happened = plain.outcome.events
            #expect(happened.count >= 3, "\(name)")
            var predictions = [happened, [], Array(happened.prefix(2)), happened + [.completed(260)],
                               happened.dropLast() + [.completed(happened.last!.time)],
                               happened.dropLast() + [.error(happened.last!.time, TestError(3))],
                               happened.dropLast() + [.error(happened.last!.time, OtherError(id: 2))],
                               happened.dropLast() + [.error(happened.last!.time, TestError(2))]]
            for index in happened.indices.dropLast() {
                var value = happened, time = happened
                value[index] = .next(happened[index].time, -1)
                time[index] = .next(happened[index].time + 1, happened[index].value.element ?? 0)
                predictions += [value, time]
            }
            let steps = plain.outcome.steps!
            #expect(steps.filter { if case .emit = $0 { true } else { false } }.count == happened.count, "\(name)")
            for (number, predicted) in predictions.enumerated() {
                let run = scenario.run(predicted: predicted, predictedSteps: steps, build)
                #expect(run.outcome == plain.outcome, "\(name), prediction \(number)")
                #expect(written(run.outcome.events) == written(happened), "\(name), prediction \(number)")
                #expect(run.outcome.steps == steps, "\(name), prediction \(number)")
                #expect(run.outcome.sourceLogs == plain.outcome.sourceLogs, "\(name), prediction \(number)")
            }
            // The steps alike: each changed, left out or added to, at the start, within and at the end.
            var stepPredictions = [[], Array(steps.dropLast()), steps + [.emit(steps.count)], steps + [.dispose(.source(1))]]
            for index in steps.indices {
                var other = steps, missing = steps
                other[index] = other[index] == .emit(0) ? .emit(1) : .emit(0)
                missing.remove(at: index)
                stepPredictions += [other, missing]
            }
            for (number, predicted) in stepPredictions.enumerated() {
                for events in [happened, []] {
                    let run = scenario.run(predicted: events, predictedSteps: predicted, build)
                    #expect(run.outcome.steps == steps, "\(name), steps \(number)")
                    #expect(written(run.outcome.events) == written(happened), "\(name), steps \(number)")
                }
            }
            // The observer the harness keeps follows no prediction into the next run, not even
            // one it followed to the end.
            _ = scenario.run(predicted: happened, predictedSteps: steps, build)
            let next = scenario.run(build)
            #expect(written(next.outcome.events) == written(happened), "\(name)")
            #expect(next.outcome.steps == steps, "\(name)")
        }
    }

    /// Outcomes compare errors as recorded timelines do: `TestError`s (and any other Equatable
    /// error) by value, errors of different types as unequal, others by NSError domain and code.
    @Test func outcomes_compareErrorsByValue() {
        func outcome(_ error: Error, extra: Error? = nil) -> Outcome<Int> {
            Outcome(events: [.next(210, 1), .error(220, error)], sourceLogs: [[Subscription(200, 220)]],
                    extraEvents: extra.map { [[.error(230, $0)]] } ?? [])
        }
        #expect(outcome(TestError(1)) == outcome(TestError(1)))
        #expect(outcome(TestError(1)) != outcome(TestError(2)))
        #expect(outcome(TestError(1)) != outcome(OtherError(id: 1)))
        #expect(outcome(OtherError(id: 1)) != outcome(TestError(1)))
        #expect(outcome(OtherError(id: 3)) == outcome(OtherError(id: 3)))
        #expect(outcome(NSError(domain: "d", code: 1)) == outcome(NSError(domain: "d", code: 1)))
        #expect(outcome(NSError(domain: "d", code: 1)) != outcome(NSError(domain: "d", code: 2)))
        #expect(outcome(TestError(1), extra: TestError(4)) == outcome(TestError(1), extra: TestError(4)))
        #expect(outcome(TestError(1), extra: TestError(4)) != outcome(TestError(1), extra: TestError(5)))
        #expect(outcome(TestError(1), extra: TestError(4)) != outcome(TestError(1)))
    }
}

extension ScenarioRunTests {
    /// Hot events that follow one another run straight on, without the queue, only while
    /// nothing queued comes first: an action the code under test queues between two of them
    /// runs between them, one queued at the same tick after them; and a step budget stops the
    /// run at the same step either way.
    @Test func hotEventsRunStraightOn_onlyWhileNothingQueuedComesFirst() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, (0..<6).map { TimelineEvent(210 + 10 * $0, .next($0)) })],
                                disposed: 300)
        let run = scenario.run { context in
            Observable<Int>.create { observer in
                context.sources[0].subscribe { event in
                    observer.on(event)
                    guard case .next(let value) = event, value == 1 else { return }
                    // At 220: one action before the next event (225), one after it at its tick (230).
                    context.scheduler.scheduleAt(225) { observer.onNext(100) }
                    context.scheduler.scheduleAt(230) { observer.onNext(200) }
                }
            }
        }
        #expect(run.outcome.events == [.next(210, 0), .next(220, 1), .next(225, 100), .next(230, 2), .next(230, 200),
                                       .next(240, 3), .next(250, 4), .next(260, 5)])
        // Create and subscribe are steps 1 and 2; events are steps 3, 4 and 5; the 6th stops it.
        let stopped = scenario.run(stepBudget: 5) { $0.sources[0] }
        #expect(stopped.isRunaway)
        #expect(stopped.steps == 6)
        #expect(stopped.outcome.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
    }
}
