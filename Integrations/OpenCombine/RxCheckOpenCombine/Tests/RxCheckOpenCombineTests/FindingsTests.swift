import Testing
import OpenCombine
import RxCheckOpenCombine
import RxCore
import RxTestKit

/// The findings of `Integrations/OpenCombine/FINDINGS.md`, each as the smallest plain-Combine
/// program that shows it. They document OpenCombine 0.14.0: when one starts failing, OpenCombine
/// changed — update FINDINGS.md and the finding's rule in `OpenCombineCatalog.findings`.
@Suite struct FindingsTests {
    /// Records everything it receives, with the tick, and keeps its subscription.
    final class Recorder: Subscriber {
        typealias Input = Int
        typealias Failure = TestError
        let combineIdentifier = CombineIdentifier()
        let clock: TestScheduler
        let initial: Subscribers.Demand
        let perValue: Subscribers.Demand
        var subscription: OpenCombine.Subscription?
        var events: [String] = []
        init(_ clock: TestScheduler, initial: Subscribers.Demand = .unlimited, perValue: Subscribers.Demand = .none) {
            self.clock = clock
            self.initial = initial
            self.perValue = perValue
        }
        func receive(subscription: OpenCombine.Subscription) {
            events.append("subscription@\(clock.clock)")
            self.subscription = subscription
            if initial != .none { subscription.request(initial) }
        }
        func receive(_ input: Int) -> Subscribers.Demand {
            events.append("\(input)@\(clock.clock)")
            return perValue
        }
        func receive(completion: Subscribers.Completion<TestError>) {
            events.append("\(completion)@\(clock.clock)")
        }
    }

    /// F1: after its n-th element `prefix(n)` waits for one more before it finishes, and keeps its
    /// upstream subscribed meanwhile ("After all elements are published, the publisher finishes").
    @Test func f1_prefixFinishesOnlyWhenTheNextElementArrives() {
        let clock = TestScheduler(initialClock: 0)
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder(clock)
        var cancels = 0
        subject.handleEvents(receiveCancel: { cancels += 1 }).prefix(1).subscribe(recorder)
        clock.scheduleAt(10) { subject.send(1) }
        clock.scheduleAt(20) { subject.send(2) }
        clock.start()
        #expect(recorder.events == ["subscription@0", "1@10", "finished@20"])   // documented: "finished@10"
        #expect(cancels == 1)
    }

    /// F2: once the upstream has completed, `cancel()` is ignored by `receive(on:)`, `delay` and
    /// `debounce`: what they had scheduled is still delivered.
    @Test(arguments: ["receive(on:)", "delay", "debounce"])
    func f2_cancelIsIgnoredOnceTheUpstreamCompleted(_ operatorName: String) {
        let clock = TestScheduler(initialClock: 0)
        let scheduler = CombineTestScheduler(clock)
        let recorder = Recorder(clock)
        let subject = PassthroughSubject<Int, TestError>()
        let publisher: AnyPublisher<Int, TestError>
        switch operatorName {
        case "receive(on:)": publisher = subject.receive(on: scheduler).eraseToAnyPublisher()
        case "delay": publisher = subject.delay(for: .seconds(10), scheduler: scheduler).eraseToAnyPublisher()
        default: publisher = subject.debounce(for: .seconds(10), scheduler: scheduler).eraseToAnyPublisher()
        }
        publisher.subscribe(recorder)
        clock.scheduleAt(5) {
            if operatorName != "debounce" { subject.send(1) }
            subject.send(completion: .finished)
            recorder.subscription?.cancel()
            recorder.events.append("cancel@\(clock.clock)")
        }
        clock.start()
        #expect(recorder.events.last?.hasPrefix("finished") == true, "\(recorder.events)")   // documented: nothing after cancel
    }

    /// F3: after timing out, `timeout` never cancels its repeating timer: the clock never runs dry.
    @Test func f3_timeoutKeepsItsTimerAfterTimingOut() {
        let clock = TestScheduler(initialClock: 0)
        clock.stepBudget = 1_000
        let scheduler = CombineTestScheduler(clock)
        let recorder = Recorder(clock)
        PassthroughSubject<Int, TestError>().timeout(.seconds(10), scheduler: scheduler).subscribe(recorder)
        clock.start()
        #expect(recorder.events == ["subscription@0", "finished@10"])
        #expect(clock.exceededStepBudget)   // documented: the timer stops; the clock runs dry at 10
    }

    /// F4: an inner publisher that answers a request with elements and then a failure, all inside
    /// the request: `flatMap` passes the failure on and then goes on with the elements it was
    /// holding — elements after the failure.
    @Test func f4_flatMapPublishesElementsAfterItFailed() {
        let clock = TestScheduler(initialClock: 0)
        let child = [1, 2, 3].publisher.setFailureType(to: TestError.self).append(Fail(error: TestError(1)))
        let recorder = Recorder(clock, initial: .max(1))
        Just(0).setFailureType(to: TestError.self).flatMap { _ in child }.subscribe(recorder)
        clock.scheduleAt(20) { recorder.subscription?.request(.max(2)) }
        clock.start()
        #expect(recorder.events.contains("failure(TestError(1))@20"), "\(recorder.events)")
        #expect(recorder.events.last != "failure(TestError(1))@20", "\(recorder.events)")   // the grammar: nothing after it
    }

    /// F5: when the upstream completes first, `drop(untilOutputFrom:)` does not cancel the other
    /// publisher; a subscriber that cancels nothing after a completion (`sink`) leaves it subscribed.
    @Test func f5_dropUntilOutputLeavesTheOtherSubscribed() {
        let clock = TestScheduler(initialClock: 0)
        let upstream = PassthroughSubject<Int, TestError>()
        let other = PassthroughSubject<Int, TestError>()
        var otherCancels = 0
        let recorder = Recorder(clock)
        upstream.drop(untilOutputFrom: other.handleEvents(receiveCancel: { otherCancels += 1 })).subscribe(recorder)
        clock.scheduleAt(10) { upstream.send(completion: .finished) }
        clock.start()
        #expect(recorder.events == ["subscription@0", "finished@10"])
        #expect(otherCancels == 0)   // prefix(untilOutputFrom:) cancels its other here
    }

    /// Once listed under F5, now under "Shared with Apple's Combine": when the other publisher
    /// finishes inside `subscribe` (before the upstream is subscribed), the output finishes and
    /// the upstream, subscribed after, is never cancelled — as OpenCombine's own
    /// `DropUntilOutputTests.testLateSubscription` asserts, against Apple's Combine too.
    @Test func f5_dropUntilOutputLeavesTheUpstreamSubscribed_whenTheOtherFinishesAtOnce() {
        let clock = TestScheduler(initialClock: 0)
        let upstream = PassthroughSubject<Int, TestError>()
        var upstreamSubscriptions = 0, upstreamCancels = 0
        let recorder = Recorder(clock)
        upstream.handleEvents(receiveSubscription: { _ in upstreamSubscriptions += 1 }, receiveCancel: { upstreamCancels += 1 })
            .drop(untilOutputFrom: Empty<Int, TestError>())
            .subscribe(recorder)
        clock.start()
        #expect(recorder.events == ["subscription@0", "finished@0"])
        #expect(upstreamSubscriptions == 1)
        #expect(upstreamCancels == 0)
    }

    /// F7: a failure that arrives while the subscriber has no demand left is replaced when demand
    /// comes — and again at every later request: the replacement and `.finished` over and over.
    @Test func f7_replaceErrorResendsOnEveryLaterRequest() {
        let clock = TestScheduler(initialClock: 0)
        let recorder = Recorder(clock, initial: .max(1))
        let subject = PassthroughSubject<Int, TestError>()
        subject.replaceError(with: 42).setFailureType(to: TestError.self).subscribe(recorder)
        subject.send(9)
        subject.send(completion: .failure(TestError(1)))
        recorder.subscription?.request(.max(1))
        #expect(recorder.events == ["subscription@0", "9@0", "42@0", "finished@0"])
        recorder.subscription?.request(.max(1))
        #expect(recorder.events == ["subscription@0", "9@0", "42@0", "finished@0", "42@0", "finished@0"])   // the grammar: nothing more
    }

    /// F8: `replaceEmpty(with:)` over an upstream that finishes empty while the subscriber has no
    /// demand sends the replacement and `.finished` at the first request — and again at every later one.
    @Test func f8_replaceEmptyResendsOnEveryLaterRequest() {
        let clock = TestScheduler(initialClock: 0)
        let recorder = Recorder(clock, initial: .none)
        let subject = PassthroughSubject<Int, TestError>()
        subject.replaceEmpty(with: 42).subscribe(recorder)
        subject.send(completion: .finished)
        #expect(recorder.events == ["subscription@0"])
        recorder.subscription?.request(.max(1))
        #expect(recorder.events == ["subscription@0", "42@0", "finished@0"])
        recorder.subscription?.request(.max(1))
        #expect(recorder.events == ["subscription@0", "42@0", "finished@0", "42@0", "finished@0"])   // the grammar: nothing more
    }

    /// F6: `zip` with an upstream that completes at once sends the completion before the
    /// subscription — and keeps the other upstream subscribed, so a later value of it brings a
    /// second completion.
    @Test func f6_zipCompletesBeforeItsSubscription() {
        let clock = TestScheduler(initialClock: 0)
        let recorder = Recorder(clock)
        let subject = PassthroughSubject<Int, TestError>()
        var subjectCancels = 0
        Empty<Int, TestError>()
            .zip(subject.handleEvents(receiveCancel: { subjectCancels += 1 }))
            .map { $0 + $1 }
            .subscribe(recorder)
        #expect(recorder.events == ["finished@0", "subscription@0"])   // the grammar: "subscription@0" first
        #expect(subjectCancels == 0)
        subject.send(1)
        #expect(recorder.events == ["finished@0", "subscription@0", "finished@0"])
    }

    /// F9: `zip` loses the demand its subscriber returns from `receive(_:)`: asking for one value
    /// and one more from every value, the subscriber still gets only the first pair.
    @Test func f9_zipIgnoresTheDemandReturnedFromReceive() {
        let clock = TestScheduler(initialClock: 0)
        let recorder = Recorder(clock, initial: .max(1), perValue: .max(1))
        let left = PassthroughSubject<Int, TestError>()
        let right = PassthroughSubject<Int, TestError>()
        left.zip(right).map { $0 + $1 }.subscribe(recorder)
        for (a, b) in [(1, 10), (2, 20), (3, 30)] {
            left.send(a)
            right.send(b)
        }
        #expect(recorder.events == ["subscription@0", "11@0"])   // expected: 11, 22, 33
    }
}
