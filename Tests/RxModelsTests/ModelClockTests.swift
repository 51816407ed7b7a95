import Foundation
import Testing
import RxCore
import RxTestKit
import RxModels

/// The clock on its own: the order in which a `TestScheduler` run would deliver inputs, computed
/// from plain values (SEMANTICS 1.7–1.10), checked against hand-derived expectations.
@Suite struct ModelClockTests {
    /// Drains the clock: (timeline, tick, value) of every arrival.
    private func drain(_ clock: inout ModelClock) -> [String] {
        var seen: [String] = []
        while let arrival = clock.next() { seen.append("\(arrival.timeline) \(arrival.tick) \(arrival.value)") }
        return seen
    }

    /// At one tick, hot events come before cold ones; a hot event at the subscribe tick is
    /// missed and one at the dispose tick is seen, a cold one at the dispose tick is not.
    @Test func hotBeforeCold_subscribeTickMissed_disposeTickOnlyForHot() {
        var clock = ModelClock(scenario([hot([next(200, 1), next(300, 2), next(1000, 3)]),
                                         cold([next(100, 4), next(800, 5)])]))
        clock.subscribe(.source(0))
        clock.subscribe(.source(1))
        #expect(drain(&clock) == ["source(0) 300 next(2)", "source(1) 300 next(4)", "source(0) 1000 next(3)"])
        _ = clock.finish([Recorded<Event<Int>>]())
        #expect(clock.sourceLogs == [[Subscription(200, 1000)], [Subscription(200, 1000)]])
    }

    /// A synchronous source delivers everything inside the subscribe call and keeps no log; in
    /// turn, the next source is subscribed only after it has.
    @Test func synchronousSource_deliversInsideSubscribe_beforeTheNextIsSubscribed() {
        var clock = ModelClock(scenario([sync([next(0, 1), next(0, 2), completed(0)]), cold([next(0, 3)])]))
        _ = clock.subscribe(inTurn: [.source(0), .source(1)])
        #expect(drain(&clock) == ["source(0) 200 next(1)", "source(0) 200 next(2)", "source(0) 200 completed",
                                  "source(1) 200 next(3)"])
        let outcome = clock.finish([Recorded<Event<Int>>]())
        #expect(outcome.sourceLogs == [[], [Subscription(200, 1000)]])
        #expect(outcome.steps == [.subscribe(.source(0)), .subscribe(.source(1)), .dispose(.source(1))])
    }

    /// A behavior source hands over the latest event fired before the subscription; once it has
    /// ended, only the terminal, which ends that subscription at once.
    @Test func behaviorSource_handsOverTheLatestEvent() {
        var clock = ModelClock(scenario([behavior([next(200, 1), next(250, 2), completed(400)])]))
        clock.subscribe(.source(0))
        #expect(drain(&clock) == ["source(0) 200 next(1)", "source(0) 250 next(2)", "source(0) 400 completed"])
        var late = ModelClock(scenario([behavior([next(200, 1), completed(300)])], disposed: 1000))
        late.subscribe(.source(0))
        _ = late.next()   // 1, handed over at 200
        _ = late.next()   // completed at 300
        #expect(late.sourceLogs == [[Subscription(200, 300)]])
    }

    /// A timer armed for zero ticks fires on the next tick; a cancelled one never fires.
    @Test func timers_zeroMeansNextTick_cancelledNeverFire() {
        var clock = ModelClock(scenario([]))
        let fired = clock.schedule(after: 0)
        let cancelled = clock.schedule(after: 50)
        clock.cancel(cancelled)
        let arrival = clock.next()
        #expect(arrival?.kind == .timer && arrival?.subscription == fired && arrival?.tick == 201)
        #expect(clock.next() == nil)
    }

    /// Unsubscribing ends the log at the current tick and drops what was still to come.
    @Test func unsubscribe_closesTheLogNow_andDropsPendingEvents() {
        var clock = ModelClock(scenario([hot([next(300, 1), next(400, 2)])]))
        let id = clock.subscribe(.source(0))
        _ = clock.next()
        clock.unsubscribe(id)
        #expect(clock.next() == nil)
        #expect(clock.sourceLogs == [[Subscription(200, 300)]])
        #expect(!clock.isSubscribed(id))
    }

    /// Ending a subscription drops its pending events whatever its id: the first 64 ids are
    /// kept as bits, later ones in a list, and each subscription ends alone.
    @Test func unsubscribe_dropsPendingEvents_beyondTheFirst64Subscriptions() {
        var clock = ModelClock(scenario([hot([next(300, 1)]), cold([next(100, 2)])]))
        let ids = (0..<70).map { clock.subscribe(.source($0 % 2)) }
        for id in ids where id % 3 == 0 { clock.unsubscribe(id) }
        var seen: [Int] = []
        while let arrival = clock.next() { seen.append(arrival.subscription) }
        #expect(seen == ids.filter { $0 % 3 != 0 }.sorted { ($0 % 2, $0) < ($1 % 2, $1) })
        #expect(ids.allSatisfy { clock.isSubscribed($0) == ($0 % 3 != 0) })
    }

    /// Two subscriptions of one hot source each receive its later events, the earlier
    /// subscription first at every event; ending one leaves the other reading on.
    @Test func hotSourceSubscribedTwice_earlierSubscriptionFirst_eachEndsAlone() {
        var clock = ModelClock(scenario([hot([next(300, 1), next(300, 2), next(500, 3), next(700, 4)])]))
        let first = clock.subscribe(.source(0))
        var seen: [String] = []
        var second: Int?
        while let arrival = clock.next() {
            seen.append("\(arrival.subscription) \(arrival.tick) \(arrival.value)")
            if second == nil { second = clock.subscribe(.source(0)) }   // inside the first event
            if arrival.tick == 500 && arrival.subscription == first { clock.unsubscribe(first) }
        }
        #expect(seen == ["0 300 next(1)", "0 300 next(2)", "1 300 next(2)", "0 500 next(3)", "1 500 next(3)",
                         "1 700 next(4)"])
        _ = clock.finish([Recorded<Event<Int>>]())
        #expect(clock.sourceLogs == [[Subscription(200, 500), Subscription(300, 1000)]])
    }

    /// A hot source whose events are listed out of tick order still delivers them in the
    /// scenario's queueing order, as the scheduler fires them.
    @Test func hotEventsListedOutOfOrder_arriveInQueueingOrder() {
        var clock = ModelClock(scenario([hot([next(400, 1), next(300, 2), completed(500)])]))
        clock.subscribe(.source(0))
        #expect(drain(&clock) == ["source(0) 300 next(2)", "source(0) 400 next(1)", "source(0) 500 completed"])
    }

    /// A shared output's clock hands the subscribers' own actions over as arrivals of their own
    /// kind, in the order the harness queued them.
    @Test func sharedClock_harnessActionsArriveAsTheirOwnKind() {
        var clock = ModelClock(sharedBySubscribersOf: scenario([hot([])], disposed: 500))
        var kinds: [Arrival.Kind] = []
        while let arrival = clock.next() { kinds.append(arrival.kind) }
        #expect(kinds == [.harness(.subscribe(0)), .harness(.dispose(0))])
    }

    /// A finished clock leaves its working arrays to its thread's next clock: what a model
    /// predicts does not depend on what ran before it on that thread. Each case here is
    /// predicted on a thread of its own, then again right after a long case that ended early
    /// (its queue, runs and ranks still full) and after one another.
    @Test func keptStorage_leavesNoTraceInTheNextClock() {
        // Its hot order listed backwards, so the clock ranks its events (large ranks, kept).
        let backwards = (0..<60).reversed().flatMap { [HotEventRef(inner: false, source: 1, index: $0), HotEventRef(inner: false, source: 0, index: $0)] }
        let long = scenario([hot((0..<60).map { next(201 + 10 * $0, $0) }),
                             hot((0..<60).map { next(205 + 10 * $0, $0) }), cold([next(30, 7)])],
                            hotOrder: backwards, disposed: 400)
        let cases = [
            // Its hot order's ticks fall (the clock ranks its events) and it misses an event,
            // which then has rank 0 and goes first at its tick — not after, as a rank left over
            // from the long case would have it.
            scenario([hot([next(300, 1), next(400, 2)]), hot([next(300, 3)])],
                     hotOrder: [HotEventRef(inner: false, source: 0, index: 1), HotEventRef(inner: false, source: 1, index: 0)]),
            scenario([hot([next(250, 1), completed(600)]), cold([next(10, 2), next(500, 3)])]),
            scenario([hot([next(300, 1)]), sync([next(0, 2), completed(0)]), hot([next(300, 3), next(301, 4)])]),
        ]
        func alone(_ scenario: Scenario) -> Outcome<Int> {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var outcome: Outcome<Int>?
            let thread = Thread {
                outcome = MergeModel.outcome(scenario)
                done.signal()
            }
            thread.start()
            done.wait()
            return outcome!
        }
        let expected = cases.map(alone)
        _ = MergeModel.outcome(long)
        for (index, scenario) in cases.enumerated() {
            #expect(MergeModel.outcome(scenario) == expected[index], "case \(index)")
            _ = MergeModel.outcome(long)
        }
        #expect(cases.map { MergeModel.outcome($0) } == expected)
    }

    /// Hot events are read along the hot order: a subscription made while one of its
    /// timeline's events is delivered takes the events after it, not that one; subscriptions of
    /// one timeline take an event in the order they were made; a timeline subscribed by an
    /// earlier arrival (a timer here) takes its events from then on, and not those before.
    @Test func hotOrder_subscriptionsMadeOnTheWay() {
        var clock = ModelClock(scenario([hot([next(300, 1), next(400, 2)]), hot([next(240, 3), next(350, 4)])]))
        clock.subscribe(.source(0))
        clock.schedule(after: 50)
        var seen: [String] = []
        while let arrival = clock.next() {
            if arrival.timeline == .timer {
                seen.append("timer \(arrival.tick)")
                clock.subscribe(.source(1))
                continue
            }
            seen.append("\(arrival.subscription) \(arrival.timeline) \(arrival.tick) \(arrival.value)")
            if arrival.tick == 300 { clock.subscribe(.source(0)) }
        }
        #expect(seen == ["timer 250", "0 source(0) 300 next(1)", "2 source(1) 350 next(4)",
                         "0 source(0) 400 next(2)", "3 source(0) 400 next(2)"])
    }

    /// A hot order whose ticks fall somewhere is not read in place: the events still arrive by
    /// tick, then by their place in the order among equal ticks.
    @Test func hotOrder_fallingTicks_arriveByTick() {
        let order = [HotEventRef(inner: false, source: 0, index: 1), HotEventRef(inner: false, source: 1, index: 0),
                     HotEventRef(inner: false, source: 0, index: 0)]
        var clock = ModelClock(scenario([hot([next(300, 1), next(400, 2)]), hot([next(300, 3)])], hotOrder: order))
        clock.subscribe(.source(0))
        clock.subscribe(.source(1))
        #expect(drain(&clock) == ["source(1) 300 next(3)", "source(0) 300 next(1)", "source(0) 400 next(2)"])
    }

    /// A hot timeline subscribed and left over and over: the subscriptions left are passed over
    /// (and, past a few, taken out of the walk) — also when one is left while an event is being
    /// handed to the subscriptions in turn, right where the walk is to resume; one made after
    /// takes the next event after those made before it.
    @Test func hotOrder_subscriptionsLeftOverAndOver() {
        var clock = ModelClock(scenario([hot([next(300, 1), next(400, 2)])]))
        let ids = (0..<20).map { _ in clock.subscribe(.source(0)) }
        for (index, id) in ids.enumerated() where ![4, 11, 17].contains(index) { clock.unsubscribe(id) }
        var seen: [String] = []
        while let arrival = clock.next() {
            seen.append("\(arrival.subscription) \(arrival.tick)")
            if arrival.tick == 300 && arrival.subscription == ids[4] {
                clock.unsubscribe(ids[11])
                for _ in 0..<9 { clock.unsubscribe(clock.subscribe(.source(0))) }
                clock.subscribe(.source(0))   // id 29: takes 400, after the two before it
            }
        }
        #expect(seen == ["4 300", "17 300", "4 400", "17 400", "29 400"])
    }
}
