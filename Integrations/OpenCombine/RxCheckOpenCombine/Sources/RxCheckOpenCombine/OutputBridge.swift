import OpenCombine
import OpenCombineModels
import RxCore
import RxTestKit

extension Publisher where Output == Int, Failure == TestError {
    /// This publisher as an observable for RxCheck's harness: each subscription attaches a
    /// recording subscriber that asks for elements as `demand` says; disposing cancels.
    /// The subscriber checks what it receives against the Combine contract (one subscription,
    /// never more elements than demanded, nothing after the completion — also when it asks
    /// again after it) and logs breaches in `log` — an element or completion after a cancel
    /// counts when it comes in a later scheduler action than the cancel. Elements are forwarded as `next`, `.finished` as `completed`, a failure as `error`.
    public func observable(demand: DemandScript, scheduler: CombineTestScheduler, log: ContractLog) -> Observable<Int> {
        Observable.create { observer in
            let subscriber = RecordingSubscriber(observer, demand: demand, scheduler: scheduler, log: log)
            self.subscribe(subscriber)
            subscriber.afterSubscribe()
            return Disposables.create { subscriber.cancel() }
        }
    }
}

/// Asks for elements by a `DemandScript` and forwards what arrives to an observer.
final class RecordingSubscriber: Subscriber, CustomStringConvertible {
    typealias Input = Int
    typealias Failure = TestError

    let combineIdentifier = CombineIdentifier()
    private var observer: AnyObserver<Int>?
    private let demand: DemandScript
    private let scheduler: CombineTestScheduler
    private let log: ContractLog
    private var subscription: OpenCombine.Subscription?
    private var subscribed = false
    private var outstanding = Subscribers.Demand.none
    private var completed = false
    private var cancelled = false
    /// The scheduler's action count when the subscriber cancelled: what still arrives within
    /// that action (say, the completion after an element the subscriber cancelled inside) is the
    /// tail of a call already under way; what arrives in a later action ignored the cancel.
    private var cancelledAtStep: Int?

    init(_ observer: AnyObserver<Int>, demand: DemandScript, scheduler: CombineTestScheduler, log: ContractLog) {
        self.observer = observer
        self.demand = demand
        self.scheduler = scheduler
        self.log = log
    }

    var description: String { "RecordingSubscriber" }

    func receive(subscription: OpenCombine.Subscription) {
        guard self.subscription == nil, !completed else {
            log.violation(completed ? "receive(subscription:) after the completion" : "a second receive(subscription:)",
                          rule: completed ? .subscriptionFirst : .afterCompletion, signal: .subscription)
            subscription.cancel()
            return
        }
        self.subscription = subscription
        subscribed = true
        if cancelled { subscription.cancel(); return }
        guard demand.initial != 0 else { return }
        let initial = demand.initial.map { Subscribers.Demand.max($0) } ?? .unlimited
        outstanding += initial
        log.requested(demand.initial)
        subscription.request(initial)
    }

    /// Arms the later requests once `subscribe` has returned. (`receive(subscription:)` may come
    /// later than that: `subscribe(on:)` subscribes on its scheduler.)
    func afterSubscribe() {
        for request in demand.later where request.tick > scheduler.scheduler.clock {
            scheduler.scheduler.scheduleAt(request.tick) { [weak self] in self?.ask(request.count) }
        }
    }

    /// A request of the script's, made while the subscription is live — and after the
    /// completion too when the script says so.
    private func ask(_ count: Int) {
        guard !cancelled, !completed || demand.asksAfterCompletion, let subscription else { return }
        outstanding += .max(count)
        log.requested(count)
        log.inLateRequest = completed
        subscription.request(.max(count))
        log.inLateRequest = false
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        log.outputElement()
        if completed { log.violation("element \(input) after the completion", rule: .afterCompletion, signal: .element(input)) }
        if ignoredCancel { log.violation("element \(input) after cancel()", rule: .afterCancel, signal: .element(input)) }
        if !subscribed { log.violation("element \(input) before receive(subscription:)", rule: .subscriptionFirst, signal: .element(input)) }
        if outstanding == .none {
            log.violation("element \(input) beyond demand", rule: .demand, signal: .element(input))
        } else {
            outstanding -= 1
        }
        observer?.onNext(input)
        let more = Subscribers.Demand.max(demand.perElement)
        outstanding += more
        return more
    }

    func receive(completion: Subscribers.Completion<TestError>) {
        let signal: ContractLog.Signal
        if case .failure = completion { signal = .failure } else { signal = .finished }
        if completed { log.violation("a second completion (\(completion))", rule: .afterCompletion, signal: signal) }
        if ignoredCancel && !completed { log.violation("completion (\(completion)) after cancel()", rule: .afterCancel, signal: signal) }
        if !subscribed { log.violation("completion before receive(subscription:)", rule: .subscriptionFirst, signal: signal) }
        log.outputCompleted(failed: signal == .failure)
        scheduler.output.ended = true
        if !completed && demand.asksAfterCompletion && !cancelled {
            scheduler.scheduler.scheduleAt(scheduler.scheduler.clock + 1) { [weak self] in self?.ask(1) }
        }
        completed = true
        if case .failure = completion { log.receivedFailure = true }
        let observer = self.observer
        self.observer = nil
        switch completion {
        case .finished: observer?.onCompleted()
        case .failure(let error): observer?.onError(error)
        }
    }

    private var ignoredCancel: Bool {
        guard let cancelledAtStep else { return false }
        return scheduler.scheduler.steps > cancelledAtStep
    }

    /// The harness's cancel. After the completion a Combine subscriber has nothing to cancel (the
    /// harness disposes then anyway, as Rx does): passing that on would end, on the operator's
    /// behalf, upstream subscriptions it should have ended itself.
    func cancel() {
        guard !cancelled, !completed else { return }
        cancelled = true
        cancelledAtStep = scheduler.scheduler.steps
        log.outputCancelled()
        scheduler.output.ended = true
        if !completed { log.outstandingAtCancel = .some(outstanding.max) }
        observer = nil
        let subscription = self.subscription
        self.subscription = nil
        subscription?.cancel()
    }
}
