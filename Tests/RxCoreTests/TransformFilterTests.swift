import Testing
import RxCore
import RxTestKit

@Suite struct TransformFilterTests {
    private func hot(_ events: [Recorded<Event<Int>>], _ build: @escaping (Observable<Int>) -> Observable<Int>) -> ([Recorded<Event<Int>>], [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let res = scheduler.start { build(xs.asObservable()) }
        return (res.events, xs.subscriptions)
    }

    @Test func compactMap_dropsNils() {
        #expect(hot([next(210, 1), next(220, 2), completed(230)]) { $0.compactMap { $0 == 1 ? nil : $0 } }.0
                == [next(220, 2), completed(230)])
    }

    @Test func reduce_emitsAtCompletion_seedWhenEmpty_nothingOnError() {
        #expect(hot([next(210, 1), next(220, 2), completed(230)]) { $0.reduce(10, accumulator: +) }.0 == [next(230, 13), completed(230)])
        #expect(hot([completed(230)]) { $0.reduce(10, accumulator: +) }.0 == [next(230, 10), completed(230)])
        #expect(hot([next(210, 1), error(230, testError)]) { $0.reduce(10, accumulator: +) }.0 == [error(230, testError)])
    }

    @Test func toArray_emptyIsEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([completed(230, Int.self)])
        #expect(scheduler.start { xs.toArray().asObservable() }.events == [next(230, [Int]()), completed(230)])
    }

    @Test func takeLast_emitsKeptAtCompletion_zeroJustCompletes() {
        #expect(hot([next(210, 1), next(220, 2), next(225, 3), completed(230)]) { $0.takeLast(2) }.0
                == [next(230, 2), next(230, 3), completed(230)])
        #expect(hot([next(210, 1), completed(230)]) { $0.takeLast(0) }.0 == [completed(230)])
        #expect(hot([next(210, 1), error(230, testError)]) { $0.takeLast(2) }.0 == [error(230, testError)])
    }

    @Test func takeWhile_exclusiveDropsTheFailingElement_inclusiveEmitsIt() {
        let events: [Recorded<Event<Int>>] = [next(210, 1), next(220, 5), next(230, 1)]
        let exclusive = hot(events) { $0.take(while: { $0 < 3 }) }
        #expect(exclusive.0 == [next(210, 1), completed(220)])
        #expect(exclusive.1 == [Subscription(200, 220)])
        #expect(hot(events) { $0.take(until: { $0 >= 3 }, behavior: .inclusive) }.0 == [next(210, 1), next(220, 5), completed(220)])
    }

    @Test func skipWhile_predicateNotCalledAfterItFails() {
        var calls = 0
        let result = hot([next(210, 1), next(220, 5), next(230, 1)]) { $0.skip(while: { calls += 1; return $0 < 3 }) }
        #expect(result.0 == [next(220, 5), next(230, 1)])
        #expect(calls == 2)
    }

    @Test func skipUntil_gateNeverOpens_sourceCompletionIsSilent() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(210, 1), completed(250)])
        let other = scheduler.createHotObservable([completed(225, Int.self)])
        let res = scheduler.start { source.skip(until: other) }
        #expect(res.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func skipUntil_forwardsAfterTheGateOpens() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(210, 1), next(230, 2), completed(250)])
        let other = scheduler.createHotObservable([next(220, 0)])
        let res = scheduler.start { source.skip(until: other) }
        #expect(res.events == [next(230, 2), completed(250)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }

    @Test func elementAt_outOfRange_errorsAtCompletion() {
        #expect(hot([next(210, 1), next(220, 2)]) { $0.element(at: 1) }.0 == [next(220, 2), completed(220)])
        #expect(hot([next(210, 1), completed(230)]) { $0.element(at: 1) }.0 == [error(230, RxError.argumentOutOfRange)])
    }

    @Test func ifEmpty_default_andSwitchTo() {
        #expect(hot([completed(230)]) { $0.ifEmpty(default: 9) }.0 == [next(230, 9), completed(230)])
        #expect(hot([error(230, testError)]) { $0.ifEmpty(default: 9) }.0 == [error(230, testError)])
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([completed(210, Int.self)])
        let other = scheduler.createColdObservable([next(10, 1), next(50, 5), completed(50)])
        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [next(220, 1), next(260, 5), completed(260)])
        #expect(source.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(210, 260)])
    }

    @Test func enumerated_countsPerSubscription() {
        #expect(hot([next(210, 7), next(220, 8)]) { $0.enumerated().map { $0.index * 10 + $0.element } }.0 == [next(210, 7), next(220, 18)])
    }

    @Test func materialize_neverFails_dematerializeRestores() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), error(220, testError)])
        let res = scheduler.start { xs.materialize() }
        #expect(res.events == [next(210, Event.next(1)), next(220, Event<Int>.error(testError)), completed(220)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([next(210, 1), error(220, testError)])
        #expect(scheduler2.start { ys.materialize().dematerialize() }.events == [next(210, 1), error(220, testError)])
    }

    @Test func single_errorsOnSecondElementOrEmpty() {
        #expect(hot([next(210, 1), completed(230)]) { $0.single() }.0 == [next(210, 1), completed(230)])
        #expect(hot([next(210, 1), next(220, 2)]) { $0.single() }.0 == [next(210, 1), error(220, RxError.moreThanOneElement)])
        #expect(hot([completed(230)]) { $0.single() }.0 == [error(230, RxError.noElements)])
    }

    @Test func do_callsSideEffectsInOrder_andAThrowingHandlerBecomesTheError() {
        var log: [String] = []
        let result = hot([next(210, 1), completed(220)]) {
            $0.do(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
                  onSubscribe: { log.append("subscribe") }, onDispose: { log.append("dispose") })
        }
        #expect(result.0 == [next(210, 1), completed(220)])
        #expect(log == ["subscribe", "next 1", "completed", "dispose"])
        #expect(hot([next(210, 1)]) { $0.do(onNext: { _ in throw testError }) }.0 == [error(210, testError)])
    }

    @Test func flatMapFirst_dropsElementsWhileAnInnerIsLive() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([next(10, 1), completed(30)])
        let outer = scheduler.createHotObservable([next(210, 0), next(220, 0), next(250, 0), completed(260)])
        let res = scheduler.start { outer.flatMapFirst { _ in inner.asObservable() } }
        #expect(res.events == [next(220, 1), next(260, 1), completed(280)])
        #expect(inner.subscriptions == [Subscription(210, 240), Subscription(250, 280)])
    }

    @Test func ignoreElements_forwardsOnlyTheTerminal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(220)])
        #expect(scheduler.start { xs.ignoreElements() }.events == [completed(220)])
    }
}
