import Foundation
import Testing
import RxCheck
import RxCheckProperties
import RxCore
import RxTestKit

/// One broken operator and what the catalog must do with it.
struct Mutant: CustomStringConvertible, Sendable {
    /// The bug, in a few words.
    let name: String
    /// The catalog operator whose properties judge it.
    let spec: String
    /// The most events a shrunk counterexample may have: worked out by hand from the bug.
    let minimumEvents: Int
    let build: @Sendable (ScenarioContext) -> Observable<Int>

    var description: String { name }

    static let all: [Mutant] = [
        // One next from one source: the correct operator stays silent, the mutant emits.
        Mutant(name: "combineLatest emits before all sources have a value", spec: "combineLatest", minimumEvents: 1) {
            Mutants.combineLatestEmitsEarly($0.sources[0], $0.sources[1])
        },
        // One source completes empty: RxSwift waits, the mutant completes.
        Mutant(name: "combineLatest completes when the first source completes", spec: "combineLatest", minimumEvents: 1) {
            Mutants.combineLatestCompletesOnFirst($0.sources[0], $0.sources[1])
        },
        // Second completes: nothing should happen.
        Mutant(name: "withLatestFrom completes when the second source completes", spec: "withLatestFrom", minimumEvents: 1) {
            Mutants.withLatestFromCompletesOnSecond($0.sources[0], $0.sources[1])
        },
        // Second emits 0 then 1, first emits: expected 1, stale mutant 0.
        Mutant(name: "withLatestFrom keeps a stale value", spec: "withLatestFrom", minimumEvents: 3) {
            Mutants.withLatestFromStale($0.sources[0], $0.sources[1])
        },
        // Cold first and second emit at the same offset: second must win the tie.
        Mutant(name: "withLatestFrom subscribes first before second", spec: "withLatestFrom", minimumEvents: 2) {
            Mutants.withLatestFromWrongOrder($0.sources[0], $0.sources[1])
        },
        // a: next, completed; b: completed — all done with a value left in a's buffer.
        Mutant(name: "zip does not complete while a buffer holds values", spec: "zip", minimumEvents: 3) {
            Mutants.zipWaitsForEmptyBuffers($0.sources[0], $0.sources[1])
        },
        // a completes empty: fixed-arity zip waits for b.
        Mutant(name: "zip completes when a completed source's queue is empty", spec: "zip", minimumEvents: 1) {
            Mutants.zipCompletesEarly($0.sources[0], $0.sources[1])
        },
        // Two outer elements: the first inner's log must end at the switch.
        Mutant(name: "switchLatest keeps forwarding the old inner", spec: "switchLatest", minimumEvents: 2) { context in
            Mutants.switchLatestKeepsOldInner(context.sources[0].map { context.inner($0) })
        },
        // Outer: next, completed; the inner stays silent and live.
        Mutant(name: "switchLatest completes before the live inner completes", spec: "switchLatest", minimumEvents: 2) { context in
            Mutants.switchLatestCompletesEarly(context.sources[0].map { context.inner($0) })
        },
        // Source emits once, sampler ticks twice: one emission, not two.
        Mutant(name: "sample re-emits without a new value", spec: "sample", minimumEvents: 3) {
            Mutants.sampleRepeats($0.sources[0], $0.sources[1])
        },
        // Source completes: RxSwift waits for a sampler tick.
        Mutant(name: "sample completes with the source", spec: "sample", minimumEvents: 1) {
            Mutants.sampleCompletesWithSource($0.sources[0], $0.sources[1])
        },
        // No events at all: other's log stays open past the dispose at 1000.
        Mutant(name: "take(until:) does not dispose the other source", spec: "take(until:)", minimumEvents: 0) {
            Mutants.takeUntilLeaksOther($0.sources[0], $0.sources[1])
        },
        // No events at all: the prefix is due at the subscribe tick.
        Mutant(name: "startWith emits at the first event instead of at subscription", spec: "startWith", minimumEvents: 0) {
            Mutants.startWithLate($0.sources[0], $0.parameters[0])
        },
        // 0, 1, 0 — or 0, 1, 1: the reference must be the last emitted element.
        Mutant(name: "distinctUntilChanged compares with the first value", spec: "distinctUntilChanged", minimumEvents: 3) {
            Mutants.distinctComparesWithFirst($0.sources[0])
        },
        // One of two sources completes.
        Mutant(name: "merge completes when one source completes", spec: "merge", minimumEvents: 1) {
            Mutants.mergeCompletesOnFirst($0.sources)
        },
        // No events at all: the dropped upstream subscription is never closed at dispose.
        Mutant(name: "map emits after dispose", spec: "map", minimumEvents: 0) {
            Mutants.mapIgnoresDispose($0.sources[0])
        },
        // No events at all: the source's log stays open past the dispose at 1000.
        Mutant(name: "take never disposes its source", spec: "take", minimumEvents: 0) {
            Mutants.takeNeverDisposes($0.sources[0], $0.parameters[0])
        },
        // take(0) on a silent source: no subscription at all.
        Mutant(name: "take(0) subscribes its source", spec: "take", minimumEvents: 0) {
            Mutants.takeZeroSubscribes($0.sources[0], $0.parameters[0])
        },
        // Two silent sources: the second must not be subscribed yet.
        Mutant(name: "concat subscribes every source at once", spec: "concat", minimumEvents: 0) {
            Mutants.concatSubscribesEagerly($0.sources)
        },
        // Two sources, one event: the loser's log must end there.
        Mutant(name: "amb keeps the losers subscribed", spec: "amb", minimumEvents: 1) {
            Mutants.ambKeepsLosers($0.sources)
        },
        // skip(0) of one element.
        Mutant(name: "skip drops one element too many", spec: "skip", minimumEvents: 1) {
            Mutants.skipOffByOne($0.sources[0], $0.parameters[0])
        },
        // Three outer elements whose inners stay live: the third must wait.
        Mutant(name: "merge(maxConcurrent:) ignores its limit", spec: "merge(maxConcurrent:)", minimumEvents: 3) { context in
            Mutants.mergeIgnoresLimit(context.sources[0].map { context.inner($0) })
        },
        // Two outer elements: the first inner must stay subscribed.
        Mutant(name: "flatMap disposes the previous inner", spec: "flatMap", minimumEvents: 2) { context in
            Mutants.flatMapSwitches(context.sources[0]) { context.inner($0) }
        },
        // timer(0): due at S+1, not at S.
        Mutant(name: "timer(0) fires at the subscribe tick", spec: "timer", minimumEvents: 0) {
            Mutants.timerZeroFiresImmediately($0.parameters[0] * 10, $0.scheduler)
        },
    ]
}

/// What the catalog did with one mutant.
struct MutantResult: Equatable {
    var property: String
    var casesToDetect: Int
    var shrunkEvents: Int
    var shrinkCalls: Int

    static func measure(_ mutant: Mutant, options: RunOptions = RunOptions()) -> MutantResult? {
        guard let spec = Catalog.spec(mutant.spec) else { return nil }
        let broken = spec.with(build: mutant.build)
        for property in broken.standardProperties {
            let report = Runner.run(property, options: options)
            if let failure = report.failure {
                return MutantResult(property: property.name, casesToDetect: failure.caseIndex + 1,
                                    shrunkEvents: failure.shrunk.eventCount, shrinkCalls: failure.shrinkCalls)
            }
        }
        return nil
    }
}

@Suite struct MutationTests {
    @Test(arguments: Mutant.all)
    func mutant_isCaughtAndShrunkToItsMinimum(_ mutant: Mutant) throws {
        let result = try #require(MutantResult.measure(mutant), "the catalog did not catch: \(mutant.name)")
        #expect(result.casesToDetect <= RunOptions().cases)
        #expect(result.shrunkEvents <= mutant.minimumEvents,
                "\(mutant.name): shrunk to \(result.shrunkEvents) events, hand-derived minimum \(mutant.minimumEvents)")
    }

    /// The grammar property on its own sees the emission after dispose (one event after an
    /// early dispose is the whole counterexample).
    @Test func emitAfterDispose_isAGrammarViolation() throws {
        let mutant = try #require(Mutant.all.first { $0.name == "map emits after dispose" })
        let grammar = try #require(Catalog.spec("map")?.with(build: mutant.build).standardProperties
            .first { $0.name == "map.obeysGrammar" })
        let failure = try #require(Runner.run(grammar).failure)
        #expect(failure.failure.kind == .grammar)
        #expect(failure.shrunk.eventCount == 1)
        let source = failure.shrunk.sources[0]
        let firstTick = source.events[0].tick + (source.flavor == .cold ? failure.shrunk.subscribed : 0)
        #expect(failure.shrunk.disposed <= firstTick)
    }

    @Test func mutants_atLeastTwenty_withDistinctBugs() {
        #expect(Mutant.all.count >= 20)
        #expect(Set(Mutant.all.map(\.name)).count == Mutant.all.count)
    }

    /// The table in MUTANTS.md is regenerated by the same measurement; it must not drift.
    /// Set RXCHECK_UPDATE_MUTANT_TABLE=1 to rewrite it.
    @Test func mutantTable_matchesMeasurement() throws {
        var lines = [
            "# Mutants",
            "",
            "Deliberately broken operators (`Mutants.swift`) and what the catalog does with each at the",
            "default settings (200 cases, seed `\(SeedFormat.format(RunOptions().seed))`). Generated by",
            "`MutationTests.mutantTable_matchesMeasurement`; rerun with `RXCHECK_UPDATE_MUTANT_TABLE=1 swift test`.",
            "",
            "| mutant | caught by | cases to detect | shrunk events (hand minimum) | shrink calls |",
            "|---|---|---:|---:|---:|",
        ]
        for mutant in Mutant.all {
            let result = MutantResult.measure(mutant)
            lines.append("| \(mutant.name) | `\(result?.property ?? "not caught")` | \(result?.casesToDetect ?? 0) | "
                         + "\(result?.shrunkEvents ?? -1) (\(mutant.minimumEvents)) | \(result?.shrinkCalls ?? 0) |")
        }
        let table = lines.joined(separator: "\n") + "\n"
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MUTANTS.md")
        if ProcessInfo.processInfo.environment["RXCHECK_UPDATE_MUTANT_TABLE"] == "1" {
            try table.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == table)
    }
}
