import Testing
import RxCore
import RxTestKit

@Suite struct TakeForDurationTests {
    @Test func takeFor_zero_completesNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
        #expect(res.events == [completed(201)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test func skipFor_elementAtExactlyTheDurationIsDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(230, 1), next(250, 2), next(260, 3), completed(270)])
        let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [next(260, 3), completed(270)])
    }

    @Test func skipDurationWithoutLabel_isSkipFor() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(230, 2), next(250, 3), completed(260)])
        let res = scheduler.start { xs.skip(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [next(250, 3), completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }
}
