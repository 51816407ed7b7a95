import Testing
import RxCore
import RxTestKit

private final class Owner {
    let name: String
    init(_ name: String) { self.name = name }
}

@Suite struct WithUnretainedTests {
    @Test func withUnretained_pairsEveryElementWithTheObject() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(220, 2), completed(230)])
        let owner = Owner("a")
        let res = scheduler.start { xs.withUnretained(owner) { "\($0.name)\($1)" } }
        #expect(res.events == [next(210, "a1"), next(220, "a2"), completed(230)])
        _ = owner
    }

    @Test func withUnretained_objectReleased_completesAtTheNextElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(230, 2), next(240, 3), completed(250)])
        var owner: Owner? = Owner("a")
        scheduler.scheduleAt(220) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!).map { $0.1 } }
        #expect(res.events == [next(210, 1), completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func withUnretained_doesNotRetainTheObject() {
        weak var watched: Owner?
        var subscription: Disposable?
        do {
            let owner = Owner("a")
            watched = owner
            subscription = Observable<Int>.never().withUnretained(owner).subscribe { _ in }
        }
        #expect(watched == nil)
        subscription?.dispose()
    }

    /// As RxSwift's `map { [weak obj] … }`: the object is not held while a pair is delivered, so
    /// an element sent back then that releases it completes the output.
    @Test func withUnretained_elementSentBackDuringAPairsDelivery_findsTheObjectGone() {
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner("a")
        var seen: [String] = []
        var completed = false
        let output = subject.do(onNext: { if $0 >= 3 { owner = nil } }).withUnretained(owner!) { "\($0.name)\($1)" }
        _ = output.subscribe(onNext: { value in
            seen.append(value)
            if value == "a1" { subject.onNext(3) }
        }, onCompleted: { completed = true })
        subject.onNext(1)
        #expect(seen == ["a1"])
        #expect(completed)
    }
}
