import Testing
import RxCore
import RxTestKit

@Suite struct UsingTests {
    @Test func using_resourceLivesAsLongAsTheSubscription_disposedAfterTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), completed(30)])
        var log: [String] = []
        let res = scheduler.start {
            Observable.using({ () -> AnonymousDisposable in
                log.append("made \(scheduler.clock)")
                return AnonymousDisposable { log.append("disposed \(scheduler.clock)") }
            }, observableFactory: { _ in xs.do(onDispose: { log.append("source released") }) })
        }
        #expect(res.events == [next(210, 1), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(log == ["made 200", "source released", "disposed 230"])
    }

    @Test func using_disposedFromOutside_disposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(400, 2)])
        var disposedAt: Int?
        let res = scheduler.start(disposed: 300) {
            Observable.using({ AnonymousDisposable { disposedAt = scheduler.clock } }, observableFactory: { _ in xs.asObservable() })
        }
        #expect(res.events == [next(210, 1)])
        #expect(disposedAt == 300)
    }

    @Test func using_eachSubscriptionHasItsOwnResource() {
        var made = 0
        var disposed = 0
        let shared = Observable.using({ () -> AnonymousDisposable in
            made += 1
            return AnonymousDisposable { disposed += 1 }
        }, observableFactory: { _ in Observable.of(made) })
        var seen: [Int] = []
        _ = shared.subscribe(onNext: { seen.append($0) })
        _ = shared.subscribe(onNext: { seen.append($0) })
        #expect(seen == [1, 2])
        #expect(disposed == 2)
    }

    @Test func using_throwingFactories_failAtSubscription_andStillReleaseAMadeResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let badResource = scheduler.start {
            Observable<Int>.using({ () throws -> AnonymousDisposable in throw TestError(2) }, observableFactory: { _ in .never() })
        }
        #expect(badResource.events == [error(200, TestError(2))])
        var released = false
        let other = TestScheduler(initialClock: 0)
        let badSource = other.start {
            Observable<Int>.using({ AnonymousDisposable { released = true } },
                                  observableFactory: { _ throws -> Observable<Int> in throw TestError(3) })
        }
        #expect(badSource.events == [error(200, TestError(3))])
        #expect(released)
    }
}
