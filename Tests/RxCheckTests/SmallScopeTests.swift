import Testing
import RxCheck
import RxCore
import RxModels
import RxTestKit

/// Bounded-exhaustive small scope: every scenario of a shape with at most K events, each once,
/// fewest events first; a failure found there is a smallest one.
@Suite struct SmallScopeTests {
    /// One hot source on a 2-tick grid: no events, or one at either tick — 0, 1, a completion or
    /// an error — each disposed at the subscription, at either tick or at the end: 9 × 4.
    @Test func oneHotSource_countsAsWorkedOutByHand() {
        var shape = ScenarioShape.hot(1)
        shape.earlyDisposePercent = 20
        #expect(shape.count(SmallScope(events: 0, grid: 2)) == 4)
        #expect(shape.count(SmallScope(events: 1, grid: 2)) == 9 * 4)
        // Two events: both on one tick or on two in order (3 tick pairs), the first an element
        // (2), the second anything (4): 24 more timelines.
        #expect(shape.count(SmallScope(events: 2, grid: 2)) == (9 + 24) * 4)
    }

    /// Two hot events at one tick come in both orders.
    @Test func sameTickEvents_comeInEveryOrder() {
        var orders: Set<[HotEventRef]> = []
        ScenarioShape.hot(2).enumerate(SmallScope(events: 2, grid: 1)) { scenario in
            if scenario.sources.allSatisfy({ $0.events.count == 1 }) { orders.insert(scenario.hotOrder) }
            return true
        }
        #expect(orders == [[HotEventRef(inner: false, source: 0, index: 0), HotEventRef(inner: false, source: 1, index: 0)],
                           [HotEventRef(inner: false, source: 1, index: 0), HotEventRef(inner: false, source: 0, index: 0)]])
    }

    @Test func everyScenario_isVisitedOnce_fewestEventsFirst_andAdmittedByTheShape() {
        var shape = ScenarioShape()
        shape.sources = 1...2
        shape.flavors = .mixedWithSynchronous
        shape.parameters = [0...5]
        var seen: Set<Scenario> = []
        var last = 0
        var visited = 0
        shape.enumerate(SmallScope(events: 2, grid: 2)) { scenario in
            visited += 1
            seen.insert(scenario)
            #expect(scenario.eventCount >= last)
            #expect(shape.refusal(of: scenario) == nil)
            #expect((0...2).contains(scenario.parameters[0]))
            last = scenario.eventCount
            return true
        }
        #expect(visited == seen.count)
        #expect(visited > 1_000)
    }

    @Test func forcedObserverBehaviours_areEnumeratedToo() {
        var shape = ScenarioShape.hot(1)
        shape.disposeInsidePercent = 100
        var counts: Set<Int?> = []
        shape.enumerate(SmallScope(events: 1, grid: 1)) { counts.insert($0.disposeInsideAfter); return true }
        #expect(counts == [1, 2, 3, 4])
    }

    /// A shape that draws subscriber actions has each one its further subscribers allow
    /// enumerated too, besides none: every actor, kind, target and element count.
    @Test func subscriberActions_areEnumeratedToo() {
        var shape = ScenarioShape.hot(1)
        shape.extraSubscribers = 1...3
        shape.subscriberActionPercent = 50
        var actions: Set<Scenario.SubscriberAction?> = []
        shape.enumerate(SmallScope(events: 1, grid: 1)) { actions.insert($0.subscriberAction); return true }
        let expected: [Scenario.SubscriberAction?] = [nil] + (1...3).flatMap { after in
            [Scenario.SubscriberAction(.dispose, actor: 0, after: after, target: 1),
             Scenario.SubscriberAction(.subscribe, actor: 0, after: after, target: 1),
             Scenario.SubscriberAction(.dispose, actor: 1, after: after, target: 0)]
        }
        #expect(actions == Set(expected))
        shape.subscriberActionPercent = 0
        actions = []
        shape.enumerate(SmallScope(events: 1, grid: 1)) { actions.insert($0.subscriberAction); return true }
        #expect(actions == [nil])
    }

    @Test func visiting_stopsWhenAsked() {
        var visited = 0
        ScenarioShape.hot(2).enumerate(SmallScope(events: 3)) { _ in
            visited += 1
            return visited < 10
        }
        #expect(visited == 10)
    }

    /// A map that drops 1: the exhaustive run stops at a one-event case, and every smaller
    /// scenario passed before it.
    @Test func exhaust_findsASmallestCounterexample() throws {
        let property = Property.scenario("user.map", summary: "a map that drops 1", shape: .hot(1)) {
            ScenarioCheck.matchesModel($0, build: { $0.sources[0].filter { $0 != 1 } }, model: { MapModel.outcome($0) { $0 } })
        }
        let report = try #require(Runner.exhaust(property, scope: SmallScope(events: 3)))
        let failure = try #require(report.failure)
        #expect(failure.value.eventCount == 1)
        #expect(failure.value.sources[0].events.map(\.value) == [.next(1)])
        #expect(report.casesRun == failure.index + 1)
        #expect(failure.failure.headline == "output differs from the model")
    }

    @Test func exhaust_passesACorrectOperator_onItsWholeScope() throws {
        let property = Property.scenario("map", summary: "map", shape: .hot(1)) {
            ScenarioCheck.matchesModel($0, build: { $0.sources[0].map { $0 + 1 } }, model: { MapModel.outcome($0) { $0 + 1 } })
        }
        let scope = SmallScope(events: 2, grid: 2)
        let report = try #require(Runner.exhaust(property, scope: scope))
        #expect(report.passed)
        #expect(report.casesRun == ScenarioShape.hot(1).count(scope))
        #expect(scope.description == "at most 2 events on a 2-tick grid")
    }
}
