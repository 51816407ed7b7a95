// A scenario's sources as the async sequences users really have, each delivering its timeline
// on the virtual clock: buffered streams, rendezvous channels and synchronous sequences.

import AsyncAlgorithms
import RxTestKit

/// A source of the run: a type-erased async sequence of `Int` that logs its iterations.
public typealias Source = LoggedSequence<AnyIntSequence>

/// Which kind of async sequence a scenario flavour becomes.
///
/// - `hot` → **buffered**: an `AsyncThrowingStream` with an unbounded buffer, made at tick 0 and
///   fed at the timeline's absolute ticks whether or not anyone iterates it: an element waits in
///   the buffer until asked for, a terminal ends the stream after what is buffered. One stream
///   per source: iterate it once (a stream serves one iterator).
/// - `cold` → **rendezvous**: an `AsyncThrowingChannel` fed by a producer task that starts when the
///   first iterator is made and sends each element at its offset from then — but never before
///   the previous send was consumed (`send` suspends until an iterator takes the element); an
///   error fails the channel, a completion finishes it. Later iterators share the channel.
/// - `synchronous` → every element at once: a completed timeline is `array.async`
///   (`AsyncSyncSequence`); one that fails or never ends is a stream holding every element and
///   then the error (or nothing). Each iterator starts again from the first element.
public enum SourceKind: String, Sendable {
    case buffered, rendezvous, synchronous

    /// The kind a scenario flavour is run as.
    public init(_ flavor: SourceTimeline.Flavor) {
        switch flavor {
        case .hot, .behavior: self = .buffered
        case .cold: self = .rendezvous
        case .synchronous: self = .synchronous
        }
    }
}

/// Any async sequence of `Int` (the sources' element), boxed so that a catalog entry names one
/// source type whichever kind the case draws. Its iterator keeps the `AsyncIteratorProtocol`
/// contract for the base (SE-0298: after nil or a throw, every later `next()` returns nil):
/// the standard library's `AsyncThrowingStream` (Swift 6.3.1) throws its error a second time
/// when the error arrived while `next()` was waiting, and a source that breaks the contract
/// would be blamed on the operator reading it.
public struct AnyIntSequence: AsyncSequence, @unchecked Sendable {
    public typealias Element = Int
    let make: () -> () async throws -> Int?

    init<Base: AsyncSequence>(_ base: Base) where Base.Element == Int {
        make = {
            var iterator = base.makeAsyncIterator()
            var ended = false
            return {
                guard !ended else { return nil }
                do {
                    let element = try await iterator.next()
                    if element == nil { ended = true }
                    return element
                } catch {
                    ended = true
                    throw error
                }
            }
        }
    }

    public func makeAsyncIterator() -> PullIterator<Int> { PullIterator(make()) }
}

/// An iterator whose `next()` is a closure (what it iterates lives in what the closure captures).
public struct PullIterator<Element>: AsyncIteratorProtocol {
    let pull: () async throws -> Element?

    /// The iterator calling `pull` for each element.
    public init(_ pull: @escaping () async throws -> Element?) { self.pull = pull }

    public mutating func next() async throws -> Element? { try await pull() }
}

/// Builds the sources of one run on its executor, and ends what the harness itself started
/// (channel producers) at teardown.
final class SourceFactory: @unchecked Sendable {
    let executor: SeededExecutor
    private(set) var producers: [Task<Void, Never>] = []

    init(_ executor: SeededExecutor) { self.executor = executor }

    func make(_ timeline: SourceTimeline, log: IterationLog) -> Source {
        LoggedSequence(base: base(timeline), log: log)
    }

    private func base(_ timeline: SourceTimeline) -> AnyIntSequence {
        switch SourceKind(timeline.flavor) {
        case .buffered: return buffered(timeline.events)
        case .rendezvous: return rendezvous(timeline.events)
        case .synchronous: return synchronous(timeline.events)
        }
    }

    /// A stream fed at the events' ticks (absolute), from now on.
    private func buffered(_ events: [TimelineEvent]) -> AnyIntSequence {
        let (stream, continuation) = AsyncThrowingStream<Int, Error>.makeStream()
        for event in events {
            executor.at(event.tick) {
                switch event.value {
                case .next(let value): continuation.yield(value)
                case .error(let id): continuation.finish(throwing: TestError(id))
                case .completed: continuation.finish()
                }
            }
        }
        return AnyIntSequence(stream)
    }

    private func rendezvous(_ events: [TimelineEvent]) -> AnyIntSequence {
        AnyIntSequence(RendezvousSource(events: events, factory: self))
    }

    fileprivate func startProducer(_ channel: AsyncThrowingChannel<Int, Error>, _ events: [TimelineEvent]) {
        let executor = self.executor
        let start = executor.now
        spawn {
            for event in events {
                do { try await executor.sleep(until: start + event.tick, harness: true) } catch { return }
                switch event.value {
                case .next(let value): await channel.send(value)
                case .error(let id): channel.fail(TestError(id)); return
                case .completed: channel.finish(); return
                }
                if Task.isCancelled { return }
            }
        }
    }

    private func synchronous(_ events: [TimelineEvent]) -> AnyIntSequence {
        let elements = events.compactMap { event -> Int? in
            if case .next(let value) = event.value { return value }
            return nil
        }
        let terminal = events.last(where: { $0.value.isTerminal })?.value
        if terminal == .completed { return AnyIntSequence(elements.async) }
        return AnyIntSequence(PrefilledSource(elements: elements, terminal: terminal))
    }

    /// Starts a task of the harness, cancelled at teardown.
    func spawn(_ body: @escaping () async -> Void) {
        producers.append(Task { await body() })
    }

    /// Cancels the producers the harness started.
    func tearDown() {
        for producer in producers { producer.cancel() }
    }
}

/// A cold rendezvous source: one channel, whose producer starts with the first iterator.
struct RendezvousSource: AsyncSequence {
    typealias Element = Int
    let channel = AsyncThrowingChannel<Int, Error>()
    let events: [TimelineEvent]
    let started = Held(false)
    unowned let factory: SourceFactory

    init(events: [TimelineEvent], factory: SourceFactory) {
        self.events = events
        self.factory = factory
    }

    func makeAsyncIterator() -> AsyncThrowingChannel<Int, Error>.Iterator {
        if started.value != true {
            started.value = true
            factory.startProducer(channel, events)
        }
        return channel.makeAsyncIterator()
    }
}

/// A synchronous source that fails or never ends: each iterator gets a stream holding every
/// element, then the error (or nothing more, ever).
struct PrefilledSource: AsyncSequence {
    typealias Element = Int
    let elements: [Int]
    let terminal: TimelineValue?

    func makeAsyncIterator() -> AsyncThrowingStream<Int, Error>.Iterator {
        let (stream, continuation) = AsyncThrowingStream<Int, Error>.makeStream()
        for element in elements { continuation.yield(element) }
        if case .error(let id) = terminal { continuation.finish(throwing: TestError(id)) }
        return stream.makeAsyncIterator()
    }
}
