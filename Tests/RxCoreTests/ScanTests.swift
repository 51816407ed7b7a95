import Testing
import RxCore
import RxTestKit

@Suite struct ScanTests {
    @Test func scan_emitsIntermediatesNotSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), completed(230)])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        #expect(res.events == [next(210, 11), next(220, 13), completed(230)])
    }

    @Test func scan_restartsFromSeedPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([next(10, 1), completed(20)])
        let scanned = xs.scan(0) { $0 + $1 }
        let res = scheduler.start { Observable.concat(scanned, scanned) }
        #expect(res.events == [next(210, 1), next(230, 1), completed(240)])
    }
}
