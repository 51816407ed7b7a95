import Testing
import RxCore
import RxTestKit

@Suite struct SampleTests {
    @Test func sample_defaultValue_rxswiftTest() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(240, 3), next(310, 6), completed(400)])
        let sampler = scheduler.createHotObservable([next(210, "a"), next(250, "b"), next(260, "c"), next(320, "d"),
                                                     completed(500)])
        let res = scheduler.start { source.sample(sampler, defaultValue: 0) }
        #expect(res.events == [next(210, 0), next(250, 3), next(260, 0), next(320, 6), next(500, 0), completed(500)])
    }

    @Test func sample_emitsEachValueAtMostOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(220, 1)])
        let sampler = scheduler.createHotObservable([next(230, 0), next(240, 0)])
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == [next(230, 1)])
    }

    @Test func sample_samplerCompletesBeforeSource_neverTerminates() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([next(220, 1), completed(400)])
        let sampler = scheduler.createHotObservable([completed(300, Int.self)])
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == [next(300, 1)])
        #expect(source.subscriptions == [Subscription(200, 400)])
        #expect(sampler.subscriptions == [Subscription(200, 300)])
    }

    @Test func sample_coldSourceWinsTies() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([next(10, 1)])
        let sampler = scheduler.createColdObservable([next(10, 0)])
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == [next(210, 1)])
    }
}
