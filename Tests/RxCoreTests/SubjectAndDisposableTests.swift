import Testing
import Foundation
import RxCore
import RxTestKit

@Suite struct SubjectTests {
    @Test func publishSubject_lateSubscriberGetsOnlyLaterEventsThenTerminalReplayed() {
        let subject = PublishSubject<Int>()
        var early: [Event<Int>] = []
        var late: [Event<Int>] = []
        _ = subject.subscribe { early.append($0) }
        subject.onNext(1)
        _ = subject.subscribe { late.append($0) }
        subject.onNext(2)
        subject.onCompleted()
        subject.onNext(3)
        var afterEnd: [Event<Int>] = []
        _ = subject.subscribe { afterEnd.append($0) }
        #expect(early == [.next(1), .next(2), .completed])
        #expect(late == [.next(2), .completed])
        #expect(afterEnd == [.completed])
    }

    @Test func publishSubject_observerRemovedDuringDelivery_getsNothingMore() {
        let subject = PublishSubject<Int>()
        var second: Disposable?
        var received: [Int] = []
        _ = subject.subscribe(onNext: { _ in second?.dispose() })
        second = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        #expect(received.isEmpty)
    }

    @Test func behaviorSubject_replaysCurrentThenLive_afterTerminalOnlyTerminal() throws {
        let subject = BehaviorSubject(value: 0)
        var seen: [Event<Int>] = []
        subject.onNext(1)
        _ = subject.subscribe { seen.append($0) }
        subject.onNext(2)
        #expect(try subject.value() == 2)
        subject.onError(testError)
        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        #expect(seen == [.next(1), .next(2), .error(testError)])
        #expect(late == [.error(testError)])
        #expect(throws: TestError.self) { try subject.value() }
    }

    @Test func replaySubject_replaysLastNThenTerminal() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1); subject.onNext(2); subject.onNext(3); subject.onCompleted()
        var seen: [Event<Int>] = []
        _ = subject.subscribe { seen.append($0) }
        #expect(seen == [.next(2), .next(3), .completed])
        let none = ReplaySubject<Int>.create(bufferSize: 0)
        none.onNext(1); none.onCompleted()
        var seenNone: [Event<Int>] = []
        _ = none.subscribe { seenNone.append($0) }
        #expect(seenNone == [.completed])
    }
}

@Suite struct DisposableTests {
    @Test func singleAssignment_setAfterDispose_disposesAtOnce() {
        let holder = SingleAssignmentDisposable()
        holder.dispose()
        let inner = BooleanDisposable()
        holder.setDisposable(inner)
        #expect(inner.isDisposed)
    }

    @Test func serial_replacingDisposesPrevious() {
        let serial = SerialDisposable()
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        serial.disposable = first
        serial.disposable = second
        #expect(first.isDisposed && !second.isDisposed)
        serial.dispose()
        #expect(second.isDisposed)
        let third = BooleanDisposable()
        serial.disposable = third
        #expect(third.isDisposed)
    }

    @Test func composite_removeAndDisposeAll() {
        let composite = CompositeDisposable()
        let a = BooleanDisposable(), b = BooleanDisposable()
        let key = composite.insert(a)!
        composite.insert(b)
        composite.remove(for: key)
        #expect(a.isDisposed && !b.isDisposed && composite.count == 1)
        composite.dispose()
        #expect(b.isDisposed)
        #expect(composite.insert(BooleanDisposable()) == nil)
    }

    @Test func disposeBag_disposesOnDeinit() {
        let a = BooleanDisposable()
        do {
            let bag = DisposeBag()
            a.disposed(by: bag)
        }
        #expect(a.isDisposed)
    }

    @Test func anonymous_runsOnce() {
        var count = 0
        let d = Disposables.create { count += 1 }
        d.dispose(); d.dispose()
        #expect(count == 1)
    }
}

@Suite struct SchedulerTests {
    @Test func currentThread_trampolinesNestedWork() {
        var order: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            order.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                order.append("inner")
                return Disposables.create()
            }
            order.append("outer end")
            return Disposables.create()
        }
        #expect(order == ["outer start", "outer end", "inner"])
    }

    @Test func serialDispatchScheduler_runsDelayedWork() async {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test")
        let values: [Int] = await withCheckedContinuation { continuation in
            let box = UncheckedSendableBox(continuation)
            var seen: [Int] = []
            _ = Observable<Int>.timer(.milliseconds(5), period: .milliseconds(5), scheduler: scheduler)
                .take(3)
                .subscribe(onNext: { seen.append($0) }, onCompleted: { box.value.resume(returning: seen) })
        }
        #expect(values == [0, 1, 2])
    }

    @Test func serialDispatchScheduler_disposedWorkNeverRuns() async throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.cancel")
        final class Flag: @unchecked Sendable { var ran = false }
        let flag = Flag()
        let work = scheduler.scheduleRelative((), dueTime: .milliseconds(100)) { _ in
            flag.ran = true
            return Disposables.create()
        }
        work.dispose()
        try await Task.sleep(nanoseconds: 200_000_000)
        scheduler.queue.sync {}
        #expect(!flag.ran)
    }
}

@Suite struct ReentrancyTests {
    /// An observer that feeds an element back while it receives the terminal gets nothing after it.
    @Test func elementFedBackDuringTheTerminal_isNotForwardedAfterIt() {
        let input = PublishSubject<Int>()
        var received: [Event<Int>] = []
        _ = input.map { $0 * 2 }.subscribe { event in
            received.append(event)
            if event.isCompleted { input.onNext(5) }
        }
        input.onNext(1)
        input.onCompleted()
        #expect(received == [.next(2), .completed])
    }

    /// Re-entrant elements are handled depth-first: the fed-back element comes out before the
    /// delivery that caused it returns.
    @Test func elementFedBackDuringAnElement_comesOutDepthFirst() {
        let input = PublishSubject<Int>()
        var received: [Int] = []
        _ = input.scan(0, accumulator: +).subscribe(onNext: { value in
            received.append(value)
            if value == 1 { input.onNext(10) }
        })
        input.onNext(1)
        input.onNext(100)
        #expect(received == [1, 11, 111])
    }
}
