import OpenCombine
import RxTestKit

/// A hand-written operator over one upstream, the way a Combine user writes one: a `Logic` decides
/// what to publish and what to ask for; this publisher does the plumbing (subscription first,
/// requests, cancel). Every mutant is a `Logic` with one deliberate mistake.
public struct Handwritten: Publisher {
    public typealias Output = Int
    public typealias Failure = TestError

    let upstream: AnyPublisher<Int, TestError>
    let logic: () -> Logic

    public init(_ upstream: AnyPublisher<Int, TestError>, _ logic: @escaping () -> Logic) {
        self.upstream = upstream
        self.logic = logic
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        upstream.subscribe(Conduit(AnySubscriber(subscriber), logic()))
    }
}

/// What a hand-written operator does with what arrives. The defaults pass everything through.
open class Logic {
    fileprivate weak var conduit: Conduit?

    public init() {}

    /// The subscriber has its subscription (the upstream's has arrived).
    open func started() {}
    /// The subscriber asked for `demand` more elements.
    open func requested(_ demand: Subscribers.Demand) { request(demand) }
    /// An element arrived; returns how many more to ask the upstream for.
    open func received(_ value: Int) -> Subscribers.Demand { emit(value) }
    /// The upstream completed.
    open func completed(_ completion: Subscribers.Completion<TestError>) { finish(completion) }

    /// Publishes an element; returns the subscriber's extra demand.
    public func emit(_ value: Int) -> Subscribers.Demand { conduit?.downstream?.receive(value) ?? .none }
    /// Completes the output (and forgets the subscriber).
    public func finish(_ completion: Subscribers.Completion<TestError>) {
        let downstream = conduit?.downstream
        conduit?.downstream = nil
        downstream?.receive(completion: completion)
    }
    /// Completes the output but keeps the subscriber: later emits still reach it.
    public func finishKeepingSubscriber(_ completion: Subscribers.Completion<TestError>) {
        conduit?.downstream?.receive(completion: completion)
    }
    /// Asks the upstream for elements.
    public func request(_ demand: Subscribers.Demand) { conduit?.upstream?.request(demand) }
    /// Cancels the upstream.
    public func cancelUpstream() {
        let upstream = conduit?.upstream
        conduit?.upstream = nil
        upstream?.cancel()
    }
}

final class Conduit: Subscriber, OpenCombine.Subscription {
    typealias Input = Int
    typealias Failure = TestError

    let combineIdentifier = CombineIdentifier()
    var downstream: AnySubscriber<Int, TestError>?
    var upstream: OpenCombine.Subscription?
    let logic: Logic

    init(_ downstream: AnySubscriber<Int, TestError>, _ logic: Logic) {
        self.downstream = downstream
        self.logic = logic
        logic.conduit = self
    }

    func receive(subscription: OpenCombine.Subscription) {
        guard upstream == nil else { subscription.cancel(); return }
        upstream = subscription
        downstream?.receive(subscription: self)
        logic.started()
    }

    func receive(_ input: Int) -> Subscribers.Demand { logic.received(input) }

    func receive(completion: Subscribers.Completion<TestError>) {
        upstream = nil
        logic.completed(completion)
    }

    func request(_ demand: Subscribers.Demand) { logic.requested(demand) }

    func cancel() {
        downstream = nil
        let upstream = self.upstream
        self.upstream = nil
        upstream?.cancel()
    }
}
