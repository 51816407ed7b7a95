// Small one-source operators with one deliberate mistake each, written from scratch (or as a
// thin wrapper over a library operator) so the catalog has something it must catch. Each is a
// `Scripted` sequence: a function that makes, for every iteration, its `next()`.

import AsyncAlgorithms
import Foundation
import RxCheckAsync

/// An operator over one source, written as `script`: given a new iterator of the base, the
/// `next()` of one iteration (its state lives in what the function captures).
public struct Scripted<Base: AsyncSequence, Element>: AsyncSequence where Base.Element == Int {
    let base: Base
    let script: (Base.AsyncIterator) -> () async throws -> Element?

    /// The operator `script` makes over `base`.
    public init(_ base: Base, _ script: @escaping (Base.AsyncIterator) -> () async throws -> Element?) {
        self.base = base
        self.script = script
    }

    public func makeAsyncIterator() -> PullIterator<Element> { PullIterator(script(base.makeAsyncIterator())) }
}

/// The one-source mutants.
public enum Mutated {
    /// `removeDuplicates()` that compares each element with the first one instead of the previous.
    public static func removeDuplicatesWithFirst<Base: AsyncSequence>(_ base: Base) -> Scripted<Base, Int> {
        Scripted(base) { iterator in
            var iterator = iterator
            var first: Int?
            return {
                while let element = try await iterator.next() {
                    guard let seen = first else {
                        first = element
                        return element
                    }
                    if element != seen { return element }
                }
                return nil
            }
        }
    }

    /// `chunks(ofCount:)` that drops the last, shorter chunk at the finish.
    public static func chunksDroppingRemainder<Base: AsyncSequence>(_ base: Base, count: Int) -> Scripted<Base, [Int]> {
        Scripted(base) { iterator in
            var iterator = iterator
            return {
                var chunk: [Int] = []
                while let element = try await iterator.next() {
                    chunk.append(element)
                    if chunk.count == count { return chunk }
                }
                return nil
            }
        }
    }

    /// `interspersed(with:)` that also emits the separator after the last element.
    public static func trailingSeparator<Base: AsyncSequence>(_ base: Base, separator: Int) -> Scripted<Base, Int> {
        Scripted(base) { iterator in
            var iterator = iterator
            var separatorDue = false, done = false
            return {
                if done { return nil }
                if separatorDue {
                    separatorDue = false
                    return separator
                }
                guard let element = try await iterator.next() else {
                    done = true
                    return nil
                }
                separatorDue = true
                return element
            }
        }
    }

    /// A pass-through that, after the end, gives the last element once more ("finishes twice").
    public static func echoAfterEnd<Base: AsyncSequence>(_ base: Base) -> Scripted<Base, Int> {
        Scripted(base) { iterator in
            var iterator = iterator
            var last: Int?, ended = false
            return {
                if ended {
                    defer { last = nil }
                    return last
                }
                if let element = try await iterator.next() {
                    last = element
                    return element
                }
                ended = true
                return nil
            }
        }
    }

    /// A pass-through that throws its source's error again at every later call.
    public static func rethrowing<Base: AsyncSequence>(_ base: Base) -> Scripted<Base, Int> {
        Scripted(base) { iterator in
            var iterator = iterator
            var failure: Error?
            return {
                if let failure { throw failure }
                do {
                    return try await iterator.next()
                } catch {
                    failure = error
                    throw error
                }
            }
        }
    }

    /// A pass-through that turns its source's error into a plain finish.
    public static func swallowingErrors<Base: AsyncSequence>(_ base: Base) -> Scripted<Base, Int> {
        Scripted(base) { iterator in
            var iterator = iterator
            var ended = false
            return {
                if ended { return nil }
                do {
                    let element = try await iterator.next()
                    if element == nil { ended = true }
                    return element
                } catch {
                    ended = true
                    return nil
                }
            }
        }
    }

    /// `_throttle(for:clock:latest: true)` written by hand, with one mistake: an element arriving
    /// exactly `interval` after the last emission is held back (`>` where `>=` belongs).
    public static func strictThrottle<Base: AsyncSequence, C: Clock>(_ base: Base, interval: Duration, clock: C) -> Scripted<Base, Int>
    where C.Duration == Duration {
        Scripted(base) { iterator in
            var iterator = iterator
            var last: C.Instant?, pending: Int?, done = false
            return {
                if done { return nil }
                while true {
                    let next: Int?
                    do { next = try await iterator.next() } catch {
                        done = true
                        throw error
                    }
                    guard let element = next else {
                        done = true
                        guard let held = pending, let emitted = last else { return nil }
                        pending = nil
                        try? await clock.sleep(until: emitted.advanced(by: interval), tolerance: nil)
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
    public static func trapping<Base: AsyncSequence>(_ base: Base, on value: Int) -> Scripted<Base, Int> {
        Scripted(base) { iterator in
            var iterator = iterator
            return {
                let element = try await iterator.next()
                if element == value { preconditionFailure("mutant: element \(value) is not allowed here") }
                return element
            }
        }
    }

    /// A pass-through that, on element `value`, takes its lock twice — a library that deadlocks
    /// its own thread (the process really stops).
    public static func deadlocking<Base: AsyncSequence>(_ base: Base, on value: Int) -> Scripted<Base, Int> {
        Scripted(base) { iterator in
            var iterator = iterator
            let lock = Lock()
            return {
                let element = try await iterator.next()
                if element == value {
                    lock.acquire()
                    lock.acquire()
                }
                return element
            }
        }
    }

    /// A plain, non-recursive mutex.
    final class Lock: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        init() { pthread_mutex_init(&mutex, nil) }
        func acquire() { pthread_mutex_lock(&mutex) }
    }
}

/// A timer like `AsyncTimerSequence` that fires one tick late each time.
public struct LateTimer<C: Clock>: AsyncSequence where C.Duration == Duration {
    public typealias Element = C.Instant
    let interval: Duration
    let clock: C

    /// Every `interval` on `clock`, one tick late.
    public init(interval: Duration, clock: C) {
        self.interval = interval
        self.clock = clock
    }

    public func makeAsyncIterator() -> Iterator { Iterator(interval: interval, clock: clock) }

    /// Sleeps to each deadline and one tick more.
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
