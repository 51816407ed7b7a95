import Foundation
import RxCore

/// A sequence waited on: turns a stream into values for tests of asynchronous code.
///
/// The calling thread blocks until the sequence terminates, so the sequence must be driven by
/// another thread (a Dispatch scheduler). A `TestScheduler` never advances while blocked:
/// with a timeout that is a clear error, without one it waits forever.
public struct BlockingObservable<Element> {
    let source: Observable<Element>
    let timeout: TimeInterval?
}

/// No terminal event arrived in time.
public struct BlockingTimeout: Error, CustomStringConvertible, Equatable {
    /// The limit that was exceeded.
    public let seconds: TimeInterval
    /// How many elements arrived before it.
    public let elementsReceived: Int

    /// A timeout after `seconds`, with `elementsReceived` elements in by then.
    public init(seconds: TimeInterval, elementsReceived: Int) {
        self.seconds = seconds
        self.elementsReceived = elementsReceived
    }

    public var description: String {
        "toBlocking: no terminal event within \(seconds) s (\(elementsReceived) element\(elementsReceived == 1 ? "" : "s") received)"
    }
}

/// How a blocked-on sequence ended, with the elements it produced.
public enum MaterializedSequenceResult<Element> {
    case completed(elements: [Element])
    case failed(elements: [Element], error: Swift.Error)
}

extension ObservableType {
    /// Blocks the caller until the sequence terminates, or `timeout` seconds pass (then the
    /// blocking operators throw `BlockingTimeout`).
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(source: asObservable(), timeout: timeout)
    }
}

extension BlockingObservable {
    /// Every element; throws the sequence's error or a timeout.
    public func toArray() throws -> [Element] {
        switch try run(stopAfterFirst: false) {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }

    /// The first element (nil when the sequence completes empty); stops listening after it.
    public func first() throws -> Element? {
        switch try run(stopAfterFirst: true) {
        case .completed(let elements): return elements.first
        case .failed(let elements, let error):
            if let first = elements.first { return first }
            throw error
        }
    }

    /// The last element (nil when the sequence completes empty).
    public func last() throws -> Element? { try toArray().last }

    /// The only element; throws `RxError.noElements` or `RxError.moreThanOneElement` otherwise.
    public func single() throws -> Element {
        let elements = try toArray()
        guard let only = elements.first else { throw RxError.noElements }
        guard elements.count == 1 else { throw RxError.moreThanOneElement }
        return only
    }

    /// Completed or failed, with the elements seen; a timeout is reported as a failure.
    public func materialize() -> MaterializedSequenceResult<Element> {
        do {
            return try run(stopAfterFirst: false)
        } catch {
            return .failed(elements: [], error: error)
        }
    }

    private func run(stopAfterFirst: Bool) throws -> MaterializedSequenceResult<Element> {
        let state = BlockingState<Element>()
        let subscription = source.subscribe { event in state.receive(event, stopAfterFirst: stopAfterFirst) }
        defer { subscription.dispose() }
        let finished = state.wait(timeout: timeout)
        let (elements, error) = state.snapshot()
        guard finished else { throw BlockingTimeout(seconds: timeout ?? 0, elementsReceived: elements.count) }
        if let error { return .failed(elements: elements, error: error) }
        return .completed(elements: elements)
    }
}

/// Elements and the terminal, guarded by one condition: events may arrive on any thread.
private final class BlockingState<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var error: Swift.Error?
    private var done = false

    func receive(_ event: Event<Element>, stopAfterFirst: Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard !done else { return }
        switch event {
        case .next(let value):
            elements.append(value)
            if stopAfterFirst { done = true }
        case .error(let error):
            self.error = error
            done = true
        case .completed:
            done = true
        }
        if done { condition.broadcast() }
    }

    /// True when a terminal (or, for `first`, an element) arrived before the timeout.
    func wait(timeout: TimeInterval?) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while !done {
            if let deadline {
                if !condition.wait(until: deadline) { return done }
            } else {
                condition.wait()
            }
        }
        return true
    }

    func snapshot() -> ([Element], Swift.Error?) {
        condition.lock()
        defer { condition.unlock() }
        return (elements, error)
    }
}
