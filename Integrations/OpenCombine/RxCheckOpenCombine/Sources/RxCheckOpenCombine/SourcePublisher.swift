import OpenCombine
import RxCore
import RxTestKit

/// A scenario source as a publisher, honouring demand the way real publishers do.
///
/// - A *hot* source is a `PassthroughSubject`: an element that arrives while its subscriber has
///   no outstanding demand is dropped for that subscriber.
/// - A *behavior* source is a `CurrentValueSubject`: it holds its latest element for a subscriber
///   without demand (a newer one replaces it) and hands it over when demand arrives.
/// - A *cold* or *synchronous* source is lossless, like `Publishers.Sequence` or `Record`: elements
///   wait in a buffer until demanded. A synchronous source (`Just`, `Publishers.Sequence`, `Empty`,
///   `Fail`) delivers what is demanded inside `request`, so inside `subscribe` when the subscriber
///   requests from `receive(subscription:)`.
///
/// A completion is delivered without demand: a cold or synchronous source's once every buffered
/// element has gone out, a subject's at once. Each
/// subscription subscribes to the underlying test source (whose log records it) and disposes
/// it on `cancel()` or when the source ends, so the log shows when the subscription ended. What
/// the code under test asks of the publisher is checked against the contract in `log`.
public struct SourcePublisher: Publisher {
    public typealias Output = Int
    public typealias Failure = TestError

    let source: Observable<Int>
    let flavor: SourceTimeline.Flavor
    let name: String
    let log: ContractLog

    public init(_ source: Observable<Int>, flavor: SourceTimeline.Flavor, name: String, log: ContractLog) {
        self.source = source
        self.flavor = flavor
        self.name = name
        self.log = log
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        let subscription = SourceSubscription(AnySubscriber(subscriber), flavor: flavor, name: name, log: log)
        subscriber.receive(subscription: subscription)
        subscription.start(source)
    }
}

final class SourceSubscription: OpenCombine.Subscription, CustomStringConvertible {
    private var subscriber: AnySubscriber<Int, TestError>?
    private let flavor: SourceTimeline.Flavor
    private let name: String
    private let log: ContractLog
    private var demand = Subscribers.Demand.none
    private var buffer: [Int] = []
    private var bufferStart = 0
    private var completion: Subscribers.Completion<TestError>?
    private var upstream: Disposable?
    private var upstreamEnded = false
    private var delivering = false
    private var cancelled = false

    init(_ subscriber: AnySubscriber<Int, TestError>, flavor: SourceTimeline.Flavor, name: String, log: ContractLog) {
        self.subscriber = subscriber
        self.flavor = flavor
        self.name = name
        self.log = log
    }

    var description: String { name }
    let combineIdentifier = CombineIdentifier()

    func start(_ source: Observable<Int>) {
        guard !cancelled else { return }
        let disposable = source.subscribe { [weak self] event in self?.on(event) }
        if upstreamEnded || cancelled { disposable.dispose() } else { upstream = disposable }
    }

    private func on(_ event: Event<Int>) {
        guard !cancelled, completion == nil else { return }
        switch event {
        case .next(let value):
            switch flavor {
            case .cold, .synchronous:
                buffer.append(value)
                drain()
            case .behavior:
                if bufferStart < buffer.count { buffer[buffer.count - 1] = value } else { buffer.append(value) }
                drain()
            case .hot:
                if demand > 0 && !delivering { deliver(value) }
            }
        case .error(let error):
            finish(.failure(error as? TestError ?? TestError(-1)))
        case .completed:
            finish(.finished)
        }
    }

    private func finish(_ completion: Subscribers.Completion<TestError>) {
        self.completion = completion
        upstreamEnded = true
        // A subject's completion goes out at once: a CurrentValueSubject drops the element it held.
        if flavor == .behavior {
            buffer = []
            bufferStart = 0
        }
        upstream?.dispose()
        upstream = nil
        drain()
    }

    private func deliver(_ value: Int) {
        guard let subscriber else { return }
        log.recordSourceElement(name)
        demand -= 1
        delivering = true
        let more = subscriber.receive(value)
        delivering = false
        demand += more
    }

    /// Sends what the demand allows, then the completion once the buffer is empty. Re-entrant
    /// calls (a request from inside `receive`) only add demand: the outer loop goes on.
    private func drain() {
        guard !delivering else { return }
        while !cancelled, demand > 0, bufferStart < buffer.count {
            let value = buffer[bufferStart]
            bufferStart += 1
            deliver(value)
        }
        if bufferStart == buffer.count, bufferStart > 0 {
            buffer.removeAll(keepingCapacity: true)
            bufferStart = 0
        }
        if !cancelled, buffer.isEmpty, let completion, let subscriber {
            self.subscriber = nil
            log.recordSourceEnd(name)
            subscriber.receive(completion: completion)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        if demand == .none { log.violation("request(.none) on \(name): demand must be positive", rule: .positiveDemand, signal: .request) }
        guard !cancelled, subscriber != nil else { return }
        self.demand += demand
        drain()
    }

    func cancel() {
        guard !cancelled else { return }
        cancelled = true
        subscriber = nil
        buffer = []
        upstream?.dispose()
        upstream = nil
    }
}
