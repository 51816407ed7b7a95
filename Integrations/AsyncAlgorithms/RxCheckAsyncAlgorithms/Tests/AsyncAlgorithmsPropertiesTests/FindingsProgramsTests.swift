import AsyncAlgorithms
import Foundation
import Testing

/// The plain programs of FINDINGS.md: each shows its finding with swift-async-algorithms alone,
/// on the real global executor — no RxCheck, no virtual clock. They document today's behaviour
/// of 1.1.4: when one starts failing, the library changed, and FINDINGS.md with it. A finding
/// that needs a race is run until it shows (it shows in a few percent of runs or more).
@Suite(.serialized) struct FindingsProgramsTests {
    struct Boom: Error {}

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value: String?
        func set(_ text: String) { lock.withLock { value = text } }
        func get() -> String? { lock.withLock { value } }
    }

    /// A1: cancelling the consumer of `flatMapLatest` leaves the base sequence iterated.
    @Test func a1_flatMapLatest_cancelLeavesTheBaseIterated() async {
        let (base, continuation) = AsyncStream<Int>.makeStream()
        let terminated = Flag()
        continuation.onTermination = { reason in terminated.set("\(reason)") }
        let consumer = Task {
            for await _ in base.flatMapLatest({ _ in [1, 2].async }) {}
        }
        try? await Task.sleep(for: .milliseconds(50))
        consumer.cancel()
        await consumer.value
        try? await Task.sleep(for: .milliseconds(200))
        #expect(terminated.get() == nil, "the base was let go: A1 is fixed")
    }

    /// A2: an error of the base arriving as the inner sequence emits is lost: the output finishes.
    /// The inner element and the base's error are sent back to back; in most runs the output
    /// finishes.
    @Test func a2_flatMapLatest_losesTheBasesError() async {
        final class InnerBox: @unchecked Sendable {
            private let lock = NSLock()
            private var continuation: AsyncThrowingStream<Int, Error>.Continuation?
            func set(_ value: AsyncThrowingStream<Int, Error>.Continuation) { lock.withLock { continuation = value } }
            func get() -> AsyncThrowingStream<Int, Error>.Continuation? { lock.withLock { continuation } }
        }
        var finished = 0
        for _ in 0..<500 where finished == 0 {
            let (base, continuation) = AsyncThrowingStream<Int, Error>.makeStream()
            let box = InnerBox()
            let output = base.flatMapLatest { _ in
                let (inner, innerContinuation) = AsyncThrowingStream<Int, Error>.makeStream()
                box.set(innerContinuation)
                return inner
            }
            let consumer = Task { () -> Bool in
                do {
                    for try await _ in output {}
                    return true
                } catch { return false }
            }
            continuation.yield(0)
            while box.get() == nil { try? await Task.sleep(for: .microseconds(200)) }
            try? await Task.sleep(for: .milliseconds(1))
            box.get()?.yield(7)
            continuation.finish(throwing: Boom())
            if await consumer.value { finished += 1 }
        }
        #expect(finished > 0, "every run threw the base's error: A2 is fixed")
    }

    /// A4: after the base fails, every later `next()` of a shared sequence throws again.
    @Test func a4_share_rethrowsAtEveryLaterCall() async {
        let (source, continuation) = AsyncThrowingStream<Int, Error>.makeStream()
        continuation.finish(throwing: Boom())
        var iterator = source.share().makeAsyncIterator()
        var calls: [String] = []
        for _ in 0..<3 {
            do { calls.append("\(try await iterator.next() as Any)") } catch { calls.append("threw") }
        }
        #expect(calls == ["threw", "threw", "threw"])
    }

    /// A5: the only side of a shared sequence, cancelled as an element arrives, sometimes leaves
    /// the base iterated.
    @Test func a5_share_cancelledAsAnElementArrives_leavesTheBaseIterated() async {
        var leaked = 0
        for _ in 0..<600 where leaked == 0 {
            let (source, continuation) = AsyncStream<Int>.makeStream()
            let terminated = Flag()
            continuation.onTermination = { _ in terminated.set("yes") }
            let consumer = Task {
                for await _ in source.share() {}
            }
            try? await Task.sleep(for: .milliseconds(2))
            continuation.yield(1)
            consumer.cancel()
            await consumer.value
            try? await Task.sleep(for: .milliseconds(20))
            if terminated.get() == nil { leaked += 1 }
        }
        #expect(leaked > 0, "the base was always let go: A5 is fixed")
    }

    /// A6: `debounce`, cancelled between two calls of `next()`, leaves its base iterated — where
    /// `buffer`, which also iterates its base in a task of its own, lets it go.
    @Test func a6_debounce_cancelledBetweenCalls_leavesTheBaseIterated() async {
        func baseTerminated(_ operate: @escaping @Sendable (AsyncStream<Int>) -> any AsyncSequence<Int, Never>) async -> Bool {
            let (source, continuation) = AsyncStream<Int>.makeStream()
            let terminated = Flag()
            continuation.onTermination = { reason in terminated.set("\(reason)") }
            let consumer = Task {
                var iterator = operate(source).makeAsyncIterator()
                _ = try? await iterator.next()
                try? await Task.sleep(for: .seconds(10))   // cancelled here
                _ = try? await iterator.next()
            }
            continuation.yield(7)
            try? await Task.sleep(for: .milliseconds(100))
            consumer.cancel()
            await consumer.value
            try? await Task.sleep(for: .milliseconds(200))
            return terminated.get() != nil
        }
        #expect(await baseTerminated { $0.buffer(policy: .unbounded) })
        #expect(await !baseTerminated { $0.debounce(for: .milliseconds(1)) }, "debounce let its base go: A6 is fixed")
    }

    /// A7 (apple/swift-async-algorithms#450): an error of the base that arrives while no call of
    /// `next()` is waiting — here, the consumer busy after an element — is lost: the output
    /// finishes. (RxCheck's shrunk case is the same-tick form: the error arrives as the pending
    /// element falls due.)
    @Test func a7_debounce_losesAnErrorThatArrivesBetweenCalls() async throws {
        let (source, continuation) = AsyncThrowingStream<Int, Error>.makeStream()
        var iterator = source.debounce(for: .milliseconds(5)).makeAsyncIterator()
        continuation.yield(1)
        let first = try await iterator.next()
        continuation.finish(throwing: Boom())
        try await Task.sleep(for: .milliseconds(100))   // busy: no call of next() waiting
        var end = "finished"
        do { _ = try await iterator.next() } catch { end = "threw" }
        #expect(first == 1)
        #expect(end == "finished", "the error came through: A7 is fixed")
    }

    /// A8: after `next()` returned nil because its task was cancelled, a later `next()` of the
    /// same iterator returns an element sent meanwhile — or, on a throwing channel, its failure.
    @Test func a8_channels_giveMoreAfterTheNilOfACancel() async {
        // The consumer, once cancelled, cannot sleep (Task.sleep throws at once): it spins on a
        // flag for the few milliseconds the producer needs. The test itself only ever awaits.
        func waitFor(_ flag: Flag) async {
            while flag.get() == nil { try? await Task.sleep(for: .milliseconds(1)) }
        }
        let channel = AsyncChannel<Int>()
        let firstDone = Flag(), sent = Flag()
        let consumer = Task.detached { () -> [Int?] in
            var iterator = channel.makeAsyncIterator()
            let first = await iterator.next()          // cancelled while waiting: nil
            firstDone.set("yes")
            while sent.get() == nil { usleep(1_000) }   // the producer sends meanwhile
            return [first, await iterator.next()]
        }
        try? await Task.sleep(for: .milliseconds(50))
        consumer.cancel()
        await waitFor(firstDone)
        let producer = Task.detached { await channel.send(5) }
        try? await Task.sleep(for: .milliseconds(50))
        sent.set("yes")
        #expect(await consumer.value == [nil, 5])
        producer.cancel()

        let throwing = AsyncThrowingChannel<Int, Error>()
        let waited = Flag(), failed = Flag()
        let other = Task.detached { () -> [String] in
            var iterator = throwing.makeAsyncIterator()
            var results: [String] = []
            do { results.append("\(try await iterator.next() as Any)") } catch { results.append("threw") }
            waited.set("yes")
            while failed.get() == nil { usleep(1_000) }
            do { results.append("\(try await iterator.next() as Any)") } catch { results.append("threw") }
            return results
        }
        try? await Task.sleep(for: .milliseconds(50))
        other.cancel()
        await waitFor(waited)
        throwing.fail(Boom())
        failed.set("yes")
        #expect(await other.value == ["nil", "threw"])
    }
}
