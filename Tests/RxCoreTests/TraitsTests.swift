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
}
