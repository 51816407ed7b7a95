import Testing
import RxCore
import RxTestKit

@Suite struct TraitsTests {
    @Test func asSingle_valueAndCompletionAtTheSourcesCompletionTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(250)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [next(250, 1), completed(250)])
    }

    @Test func asSingle_secondElement_errorsAtItsTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), completed(250)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func asSingle_empty_errorsNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([completed(250, Int.self)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [error(250, RxError.noElements)])
    }

    @Test func asMaybe_emptyCompletes_secondElementErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([completed(250, Int.self)])
        #expect(scheduler.start { empty.asMaybe().asObservable() }.events == [completed(250)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let two = scheduler2.createHotObservable([next(210, 1), next(230, 2)])
        #expect(scheduler2.start { two.asMaybe().asObservable() }.events == [error(230, RxError.moreThanOneElement)])
    }

    @Test func first_emitsFirstAtItsTick_orNilWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2)])
        let res = scheduler.start { xs.first().asObservable() }
        #expect(res.events == [next(210, Optional(1)), completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([completed(230, Int.self)])
        #expect(scheduler2.start { ys.first().asObservable() }.events == [next(230, Int?.none), completed(230)])
    }

    @Test func singleCreate_onlyTheFirstEventCounts() {
        var outcomes: [String] = []
        _ = Single<Int>.create { single in
            single(.success(1))
            single(.failure(testError))
            single(.success(2))
            return Disposables.create()
        }.subscribe(onSuccess: { outcomes.append("success \($0)") }, onFailure: { outcomes.append("failure \($0)") })
        #expect(outcomes == ["success 1"])
    }

    @Test func maybeAndCompletable_subscribeHelpers() {
        var seen: [String] = []
        _ = Maybe<Int>.empty().subscribe(onSuccess: { seen.append("value \($0)") }, onCompleted: { seen.append("empty") })
        _ = Maybe.just(3).subscribe(onSuccess: { seen.append("value \($0)") }, onCompleted: { seen.append("empty") })
        _ = Completable.empty().andThen(.error(testError)).subscribe(onCompleted: { seen.append("done") },
                                                                     onError: { _ in seen.append("failed") })
        _ = Observable.of(1, 2).asCompletable().subscribe(onCompleted: { seen.append("done") })
        #expect(seen == ["empty", "value 3", "failed", "done"])
    }

    @Test func singleMapAndFlatMap() {
        var value: Int?
        _ = Single.just(2).map { $0 * 10 }.flatMap { Single.just($0 + 1) }.subscribe(onSuccess: { value = $0 })
        #expect(value == 21)
    }

    @Test func driver_neverErrors_replaysLatestToNewSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), error(230, testError)])
        let driver = xs.asDriver(onErrorJustReturn: -1)
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = driver.asObservable().subscribe(first) }
        scheduler.scheduleAt(225) { _ = driver.asObservable().subscribe(late) }
        scheduler.start()
        #expect(first.events == [next(210, 1), next(220, 2), next(230, -1), completed(230)])
        #expect(late.events == [next(225, 2), next(230, -1), completed(230)])
    }

    @Test func signal_doesNotReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(240, 2)])
        let signal = xs.asSignal(onErrorJustReturn: -1)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = signal.emit(onNext: { _ in }) }
        scheduler.scheduleAt(225) { _ = signal.asObservable().subscribe(late) }
        scheduler.start()
        #expect(late.events == [next(240, 2)])
    }

    @Test func relays_acceptAndHoldValues() {
        let behavior = BehaviorRelay(value: "a")
        var seen: [String] = []
        _ = behavior.subscribe(onNext: { seen.append($0) })
        behavior.accept("b")
        #expect(behavior.value == "b")
        let publish = PublishRelay<String>()
        _ = publish.subscribe(onNext: { seen.append($0) })
        publish.accept("c")
        _ = Driver.just("d").drive(behavior)
        #expect(seen == ["a", "b", "c", "d"])
    }

    // MARK: RxSwift's trait helpers

    @Test func start_acceptsATraitDirectly() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Single.just(1) }.events == [next(200, 1), completed(200)])
        let maybe = TestScheduler(initialClock: 0)
        #expect(maybe.start { Maybe<Int>.empty() }.events == [completed(200)])
        let completable = TestScheduler(initialClock: 0)
        #expect(completable.start { Completable.error(TestError(3)) }.events == [error(200, TestError(3))])
    }

    @Test func start_takesTheFactoryPositionally() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(220)])
        func makeSUT() -> Observable<Int> { xs.map { $0 * 10 } }
        #expect(scheduler.start(makeSUT).events == [next(210, 10), completed(220)])
    }

    @Test func completableZip_completesWhenAllHaveCompleted_failsAtTheFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([completed(220, Never.self)])
        let b = scheduler.createHotObservable([completed(240, Never.self)])
        #expect(scheduler.start { Completable.zip(a.asCompletable(), b.asCompletable()) }.events == [completed(240)])
        #expect(b.subscriptions == [Subscription(200, 240)])

        let failing = TestScheduler(initialClock: 0)
        let c = failing.createHotObservable([error(230, TestError(2), Never.self)])
        let d = failing.createHotObservable([completed(250, Never.self)])
        #expect(failing.start { Completable.zip([c.asCompletable(), d.asCompletable()]) }.events == [error(230, TestError(2))])
        #expect(d.subscriptions == [Subscription(200, 230)])

        #expect(TestScheduler(initialClock: 0).start { Completable.zip([]) }.events == [completed(200)])
    }

    @Test func completableConcat_subscribesEachAfterThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([completed(20, Never.self)])
        let b = scheduler.createColdObservable([completed(30, Never.self)])
        #expect(scheduler.start { Completable.concat(a.asCompletable(), b.asCompletable()) }.events == [completed(250)])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(b.subscriptions == [Subscription(220, 250)])
    }

    @Test func singleZip_pairsTheElements_failsAtTheFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([next(210, 1), completed(210)])
        let b = scheduler.createHotObservable([next(230, 2), completed(230)])
        let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 * 10 + $1 } }
        #expect(res.events == [next(230, 12), completed(230)])

        let failing = TestScheduler(initialClock: 0)
        let c = failing.createHotObservable([error(220, TestError(2), Int.self)])
        let d = failing.createHotObservable([next(230, 2), completed(230)])
        #expect(failing.start { Single.zip([c.asSingle(), d.asSingle()]) }.events == [error(220, TestError(2), [Int].self)])
        #expect(TestScheduler(initialClock: 0).start { Single<[Int]>.zip([Single<Int>]()) }.events == [next(200, []), completed(200)])
    }

    @Test func singleZip_upToEightSingles() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5), Single.just(6),
                       Single.just(7), Single.just(8)) { [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +) }
        }
        #expect(res.events == [next(200, 36), completed(200)])
    }

    @Test func maybeZip_emptyMaybeCompletesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([completed(210, Int.self)])
        let b = scheduler.createHotObservable([next(230, 2), completed(230)])
        let res = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe()) { $0 + $1 } }
        #expect(res.events == [completed(230)])
        let both = TestScheduler(initialClock: 0)
        #expect(both.start { Maybe.zip(Maybe.just(1), Maybe.just(2)) }.events.count == 2)
    }

    @Test func traitsAreAcceptedWhereverAnotherSequenceIs() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), completed(230)])
        let latest = scheduler.start { xs.withLatestFrom(Single.just(7)) { $0 + $1 } }
        #expect(latest.events == [next(210, 8), next(220, 9), completed(230)])

        let combined = TestScheduler(initialClock: 0)
        let ys = combined.createHotObservable([next(210, 1), completed(230)])
        #expect(combined.start { Observable.combineLatest(ys, Maybe.just(5)) { $0 * $1 } }.events == [next(210, 5), completed(230)])

        let chained = TestScheduler(initialClock: 0)
        let zs = chained.createHotObservable([next(210, 1), completed(230)])
        let res = chained.start { zs.flatMap { Single.just($0 + 1) }.concat(Maybe.just(9)) }
        #expect(res.events == [next(210, 2), next(230, 9), completed(230)])
    }
}
