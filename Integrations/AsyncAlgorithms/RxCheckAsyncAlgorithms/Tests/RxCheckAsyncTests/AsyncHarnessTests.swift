import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync
import RxTestKit
import Testing

/// Scenario sources as async sequences, the consumer, and what a run records.
@Suite struct AsyncHarnessTests {
    func run(_ sources: [SourceTimeline], disposed: Int = 1000, pace: Int = 0, picks: [Int] = [],
             _ build: @escaping AsyncBuild = { AsyncOutput($0.sources[0]) }) -> AsyncRun {
        let scenario = Scenario(sources: sources, disposed: disposed, parameters: [pace] + picks)
        return AsyncHarness.run(scenario, operatorParameters: 0, build)
    }

    func elements(_ run: AsyncRun) -> [String] { run.observed.elements.map(\.description) }

    @Test func aBufferedSourceDeliversAtItsTicks_andHoldsWhatCameBefore() {
        let result = run([SourceTimeline(.hot, [.init(150, .next(1)), .init(220, .next(2)), .init(240, .completed)])])
        #expect(elements(result) == ["200: 1", "220: 2"])
        #expect(result.observed.end?.tick == 240 && result.observed.end?.how == .finished)
        #expect(result.sourceIterations[0].map(\.description) == ["(200, 240 finished)"])
    }

    /// A rendezvous source counts from its first iteration and sends the next element only once
    /// the previous one was taken: a consumer of pace 30 takes element 2 (due at offset 10) at 230.
    @Test func aRendezvousSourceWaitsForItsConsumer() {
        let result = run([SourceTimeline(.cold, [.init(0, .next(1)), .init(10, .next(2)), .init(40, .error(3))])], pace: 30)
        #expect(elements(result) == ["200: 1", "230: 2"])
        #expect(result.observed.end?.how == .threw(3))
        #expect(result.observed.end?.tick == 260)
    }

    @Test func aSynchronousSourceGivesEverythingAtOnce_andOneThatNeverEndsWaits() {
        let finished = run([SourceTimeline(.synchronous, [.init(0, .next(1)), .init(0, .next(2)), .init(0, .completed)])])
        #expect(elements(finished) == ["200: 1", "200: 2"])
        #expect(finished.observed.end?.tick == 200)
        let open = run([SourceTimeline(.synchronous, [.init(0, .next(1))])], disposed: 300)
        #expect(elements(open) == ["200: 1"])
        #expect(open.cancelledAt == 300)
        #expect(open.sourceIterations[0].map(\.description) == ["(200, 300 cancelled)"])
        #expect(open.leftovers.isEmpty)
    }

    /// The standard library's stream throws an error that arrived while `next()` waited a second
    /// time; RxCheck's sources keep the protocol's rule, so an operator is never blamed for it.
    @Test func sourcesReturnNilForEverAfterTheirError() {
        let result = run([SourceTimeline(.hot, [.init(210, .error(1))])])
        #expect(result.observed.end?.how == .threw(1))
        #expect(result.afterEnd.isEmpty)
    }

    @Test func theConsumerIsCancelledAtTheWindowsEnd_andAnOutputThatHangsSaysSo() {
        let hot = run([SourceTimeline(.hot, [.init(500, .next(1))])], disposed: 400)
        #expect(hot.cancelledAt == 400)
        #expect(!hot.isHang)   // the source's element at 500 could yet wake it
        let hang = run([SourceTimeline(.hot, [.init(210, .completed)])], disposed: 400) { context in
            AsyncOutput(NeverEnding(base: context.sources[0]))
        }
        #expect(hang.isHang)
        #expect(hang.cancelledAt == 400)
    }

    @Test func aProbeAfterTheEndThatGetsAnElementIsRecorded() {
        let result = run([SourceTimeline(.hot, [.init(210, .next(5)), .init(220, .completed)])]) { context in
            AsyncOutput(Restarting(base: context.sources[0]))
        }
        #expect(result.afterEnd == ["9", "9"])
    }

    @Test func theSameCaseGivesTheSameRun() {
        func once() -> AsyncRun {
            run([SourceTimeline(.hot, [.init(210, .next(1)), .init(210, .next(2))]),
                 SourceTimeline(.cold, [.init(10, .next(3)), .init(10, .completed)])], picks: [1, 2, 1]) {
                AsyncOutput(merge($0.sources[0], $0.sources[1]))
            }
        }
        let first = once(), second = once()
        #expect(first.observed == second.observed)
        #expect(first.decisions == second.decisions)
        #expect(first.jobs == second.jobs)
    }
}

/// Never ends, whatever its source does.
struct NeverEnding<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    typealias Element = Int
    let base: Base
    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }
    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        mutating func next() async throws -> Int? {
            while try await base.next() != nil {}
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            return nil
        }
    }
}

/// After the end, answers 9.
struct Restarting<Base: AsyncSequence>: AsyncSequence where Base.Element == Int {
    typealias Element = Int
    let base: Base
    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }
    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var ended = false
        mutating func next() async throws -> Int? {
            if ended { return 9 }
            let element = try await base.next()
            if element == nil { ended = true }
            return element
        }
    }
}
