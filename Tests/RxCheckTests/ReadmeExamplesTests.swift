// The examples in README.md, verbatim, so they keep compiling and passing.
import Testing
import RxCheck
import RxCheckTesting
import RxCore
import RxTestKit

// README: "A first test"
@Test func combineLatest_addsTheLatestValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, 10), .completed(400)])

    let res = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }

    #expect(res.events == [.next(220, 11), .next(230, 12), .completed(400)])
    #expect(a.subscriptions == [Subscription(200, 300)])
    #expect(b.subscriptions == [Subscription(200, 400)])
}

// README: "A property for your own operator"
extension ObservableType where Element == Int {
    /// The largest element so far, hand-written.
    func runningMax() -> Observable<Int> {
        Observable.create { observer in
            var largest: Int?
            return self.subscribe { event in
                switch event {
                case .next(let value):
                    largest = max(largest ?? value, value)
                    observer.onNext(largest!)
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}

@Test func runningMax_agreesWithScan() {
    check(.scenario("runningMax", summary: "runningMax equals scan(max)", shape: .hot(1)) { scenario in
        ScenarioCheck.differential(scenario,
                                   reference: { $0.sources[0].scan(Int.min) { max($0, $1) } },
                                   candidate: { $0.sources[0].runningMax() })
    })
}
