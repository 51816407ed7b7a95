import Testing
@testable import RxCore

@Suite struct CoreTypesTests {
    /// Wrapping an `AnyObserver` again reuses its closure (a type comparison tells it apart):
    /// every event still arrives once, in order, through either wrapper.
    @Test func anyObserver_wrappingAnAnyObserver_deliversEachEventOnce() {
        var received: [Event<Int>] = []
        let inner = AnyObserver<Int> { received.append($0) }
        let outer = AnyObserver(inner)
        outer.onNext(1)
        inner.onNext(2)
        outer.onCompleted()
        #expect(received == [.next(1), .next(2), .completed])
    }

    /// Any other observer is wrapped through its `on(_:)`.
    @Test func anyObserver_wrappingAnotherObserver_forwardsToIt() {
        final class Collector: ObserverType {
            var events: [Event<String>] = []
            func on(_ event: Event<String>) { events.append(event) }
        }
        let collector = Collector()
        let wrapped = AnyObserver(collector)
        wrapped.onNext("a")
        wrapped.onCompleted()
        #expect(collector.events == [.next("a"), .completed])
    }

    /// `Array(filled:count:)` is `init(repeating:count:)` compiled for the element type.
    @Test(arguments: [0, 1, 3, 17])
    func arrayFilled_equalsRepeating(count: Int) {
        #expect(Array(filled: 7, count: count) == Array(repeating: 7, count: count))
        #expect([Bool?](filled: nil, count: count) == [Bool?](repeating: nil, count: count))
    }
}
