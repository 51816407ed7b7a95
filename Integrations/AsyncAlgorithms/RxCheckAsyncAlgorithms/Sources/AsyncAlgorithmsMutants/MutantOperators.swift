// Small one-source operators with one deliberate mistake each, written from scratch (or as a
// thin wrapper over a library operator) so the catalog has something it must catch.

import AsyncAlgorithms
import Foundation

/// `removeDuplicates()` that compares each element with the first one instead of the previous.
public struct RemoveDuplicatesWithFirst<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = Int
    let base: Base
    /// The operator over `base` (with its parameters).
    public init(_ base: Base) { self.base = base }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var first: Int?

        public mutating func next() async throws -> Int? {
            while let element = try await base.next() {
                guard let first else {
                    first = element
                    return element
                }
                if element != first { return element }
            }
            return nil
        }
    }
}

/// `chunks(ofCount:)` that drops the last, shorter chunk at the finish.
public struct ChunksDroppingRemainder<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = [Int]
    let base: Base
    let count: Int
    /// The operator over `base` (with its parameters).
    public init(_ base: Base, count: Int) {
        self.base = base
        self.count = count
    }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), count: count) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let count: Int

        public mutating func next() async throws -> [Int]? {
            var chunk: [Int] = []
            while let element = try await base.next() {
                chunk.append(element)
                if chunk.count == count { return chunk }
            }
            return nil
        }
    }
}

/// `interspersed(with:)` that also emits the separator after the last element.
public struct TrailingSeparator<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = Int
    let base: Base
    let separator: Int
    /// The operator over `base` (with its parameters).
    public init(_ base: Base, separator: Int) {
        self.base = base
        self.separator = separator
    }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), separator: separator) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let separator: Int
        var separatorDue = false
        var done = false

        public mutating func next() async throws -> Int? {
            if done { return nil }
            if separatorDue {
                separatorDue = false
                return separator
            }
            guard let element = try await base.next() else {
                done = true
                return nil
            }
            separatorDue = true
            return element
        }
    }
}

/// A pass-through that, after the end, gives the last element once more ("finishes twice").
public struct EchoAfterEnd<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = Int
    let base: Base
    /// The operator over `base` (with its parameters).
    public init(_ base: Base) { self.base = base }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var last: Int?
        var ended = false

        public mutating func next() async throws -> Int? {
            if ended {
                defer { last = nil }
                return last
            }
            if let element = try await base.next() {
                last = element
                return element
            }
            ended = true
            return nil
        }
    }
}

/// A pass-through that throws its source's error again at every later call.
public struct Rethrowing<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = Int
    let base: Base
    /// The operator over `base` (with its parameters).
    public init(_ base: Base) { self.base = base }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var failure: Error?

        public mutating func next() async throws -> Int? {
            if let failure { throw failure }
            do {
                return try await base.next()
            } catch {
                failure = error
                throw error
            }
        }
    }
}

/// A pass-through that turns its source's error into a plain finish.
public struct SwallowingErrors<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = Int
    let base: Base
    /// The operator over `base` (with its parameters).
    public init(_ base: Base) { self.base = base }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var ended = false

        public mutating func next() async throws -> Int? {
            if ended { return nil }
            do {
                guard let element = try await base.next() else {
                    ended = true
                    return nil
                }
                return element
            } catch {
                ended = true
                return nil
            }
        }
    }
}

/// A timer like `AsyncTimerSequence` that fires one tick late each time.
public struct LateTimer<C: Clock>: AsyncSequence where C.Duration == Duration {
    public typealias Element = C.Instant
    let interval: Duration
    let clock: C
    /// The operator over `base` (with its parameters).
    public init(interval: Duration, clock: C) {
        self.interval = interval
        self.clock = clock
    }

    public func makeAsyncIterator() -> Iterator { Iterator(interval: interval, clock: clock) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        let interval: Duration
        let clock: C
        var last: C.Instant?

        public mutating func next() async -> C.Instant? {
            let deadline = (last ?? clock.now).advanced(by: interval)
            last = deadline
            do { try await clock.sleep(until: deadline.advanced(by: .seconds(1)), tolerance: nil) } catch { return nil }
            return clock.now
        }
    }
}

/// `_throttle(for:clock:latest: true)` written by hand, with one mistake: an element arriving
/// exactly `interval` after the last emission is held back (`>` where `>=` belongs).
public struct StrictThrottle<Base: AsyncSequence, C: Clock>: AsyncSequence where Base.Element == Int, C.Duration == Duration {
    public typealias Element = Int
    let base: Base
    let interval: Duration
    let clock: C
    /// The operator over `base` (with its parameters).
    public init(_ base: Base, interval: Duration, clock: C) {
        self.base = base
        self.interval = interval
        self.clock = clock
    }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), interval: interval, clock: clock) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let interval: Duration
        let clock: C
        var last: C.Instant?
        var pending: Int?
        var done = false

        public mutating func next() async throws -> Int? {
            if done { return nil }
            while true {
                let next: Int?
                do { next = try await base.next() } catch {
                    done = true
                    throw error
                }
                guard let element = next else {
                    done = true
                    guard let held = pending, let last else { return nil }
                    pending = nil
                    try? await clock.sleep(until: last.advanced(by: interval), tolerance: nil)
                    return held
                }
                pending = element
                let now = clock.now
                if last.map({ $0.duration(to: now) > interval }) ?? true {
                    last = now
                    pending = nil
                    return element
                }
            }
        }
    }
}

/// A pass-through that traps on element `value` — a library's failed precondition.
public struct Trapping<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = Int
    let base: Base
    let value: Int
    /// The operator over `base` (with its parameters).
    public init(_ base: Base, on value: Int) {
        self.base = base
        self.value = value
    }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), value: value) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let value: Int

        public mutating func next() async throws -> Int? {
            let element = try await base.next()
            if element == value { preconditionFailure("mutant: element \(value) is not allowed here") }
            return element
        }
    }
}

/// A pass-through that, on element `value`, takes its lock twice — a library that deadlocks
/// its own thread (the process really stops).
public struct Deadlocking<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    public typealias Element = Int
    let base: Base
    let value: Int
    /// The operator over `base` (with its parameters).
    public init(_ base: Base, on value: Int) {
        self.base = base
        self.value = value
    }

    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), value: value, lock: Lock()) }

    /// Iterates `base` once, with the mistake.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let value: Int
        let lock: Lock

        public mutating func next() async throws -> Int? {
            let element = try await base.next()
            if element == value {
                lock.acquire()
                lock.acquire()
            }
            return element
        }
    }

    /// A plain, non-recursive mutex.
    public final class Lock: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        init() { pthread_mutex_init(&mutex, nil) }
        func acquire() { pthread_mutex_lock(&mutex) }
    }
}
