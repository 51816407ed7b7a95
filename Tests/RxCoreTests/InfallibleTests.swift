import Testing
import RxCore
import RxTestKit

@Suite struct InfallibleTests {
    @Test func asInfallible_onErrorJustReturn_replacesTheErrorWithTheElementAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), error(220, TestError(2), Int.self)])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: -1) }
        #expect(res.events == [next(210, 1), next(220, -1), completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func asInfallible_onErrorFallbackTo_andRecover_continueWithAnotherInfallible() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), error(220, TestError(2), Int.self)])
        let ys = scheduler.createHotObservable([next(215, 8), next(230, 9), completed(240)])
        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: ys.asInfallible(onErrorJustReturn: 0)) }
        #expect(res.events == [next(210, 1), next(230, 9), completed(240)])
        #expect(ys.subscriptions == [Subscription(220, 240)])

        let other = TestScheduler(initialClock: 0)
        let zs = other.createHotObservable([error(220, TestError(7), Int.self)])
        let recovered = other.start {
            zs.asInfallible(onErrorRecover: { error in .just((error as? TestError)?.id ?? 0) })
        }
        #expect(recovered.events == [next(220, 7), completed(220)])
    }

    @Test func infallible_creationAndOperators() {
        var seen: [Int] = []
        var completed = false
        _ = Infallible.of(1, 2, 3, 4)
            .filter { $0 != 2 }
            .map { $0 * 10 }
            .startWith(0)
            .scan(0, accumulator: +)
            .distinctUntilChanged()
            .subscribe(onNext: { seen.append($0) }, onCompleted: { completed = true })
        #expect(seen == [0, 10, 40, 80])
        #expect(completed)

        var created: [Int] = []
        _ = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.completed)
            observer(.next(2))
            return Disposables.create()
        }.subscribe(onNext: { created.append($0) })
        #expect(created == [1])
    }

    @Test func infallible_isAcceptedWhereAnObservableIs() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(220)])
        let res = scheduler.start { xs.withLatestFrom(Infallible.just(5)) { $0 + $1 } }
        #expect(res.events == [next(210, 6), completed(220)])
        let combined = TestScheduler(initialClock: 0)
        #expect(combined.start { Infallible.combineLatest(Infallible.just(1), Infallible.just(2)) { $0 + $1 } }.events
                == [next(200, 3), completed(200)])
    }
}
