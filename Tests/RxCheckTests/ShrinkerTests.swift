// The shrinker's search and its generic passes, each alone from a known starting case. The span
// passes and the scenario generator's rewrites have test files of their own beside this one.

import Testing
@testable import RxCheck
import RxTestKit

/// Each shrink pass alone, from a known starting case.
@Suite struct ShrinkerTests {
    /// Plain integer lists.
    let lists = Gen.int(in: 0...100).array(count: 0...10)

    /// A property over plain integer lists, with a fixed failing start.
    func shrinker(start: [UInt64], failsWhen claim: @escaping ([Int]) -> Bool) -> Shrinker<[Int]> {
        shrinker(start: start, Property(name: "t", summary: "", generator: lists) { claim($0) ? .fail(Failure(.custom, "x")) : .pass })
    }

    /// `property`, over `lists`, shrinking from `start`.
    func shrinker(start: [UInt64], _ property: Property<[Int]>) -> Shrinker<[Int]> {
        let value = try! lists.generate(ChoiceSource(replaying: start, size: 100))
        return Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "x"))
    }

    @Test func deleteBlocks_removesUnneededElements() {
        // elements are (more=1, value) pairs; the list is [5, 60, 7].
        var shrinker = shrinker(start: [1, 5, 1, 60, 1, 7, 0]) { $0.contains { $0 >= 50 } }
        shrinker.deleteBlocks()
        #expect(shrinker.bestValue == [60])
    }

    @Test func eachCaseIsCheckedOnce() {
        // Many edits of these choices draw a list already checked (a value past the range wraps
        // into it; a choice after the closing flag is not read): those are judged without a call.
        final class Counts { var checks: [[Int]: Int] = [:] }
        let counts = Counts()
        var shrinker = shrinker(start: [1, 90, 1, 250, 1, 77, 1, 3, 0], Property(name: "t", summary: "", generator: lists) { list in
            counts.checks[list, default: 0] += 1
            return list.reduce(0, +) >= 120 ? .fail(Failure(.custom, "x")) : .pass
        })
        _ = shrinker.run()
        #expect(shrinker.bestValue.reduce(0, +) == 120)
        #expect(shrinker.reusedVerdicts > 0)
        // The final spelled-out check of the smallest case is the one allowed repeat.
        let repeated = counts.checks.filter { $0.value > 1 }
        #expect(repeated.keys.allSatisfy { $0 == shrinker.bestValue } && repeated.values.allSatisfy { $0 == 2 })
        #expect(shrinker.calls == counts.checks.count)
    }

    @Test func lowerChoices_findsTheBoundary() {
        var shrinker = shrinker(start: [1, 90, 0]) { $0.contains { $0 >= 50 } }
        shrinker.lowerChoices()
        #expect(shrinker.bestValue == [50])
        #expect(shrinker.calls < 12)
    }

    /// A case larger than `Shrinker.largestRemembered` is not remembered: it is checked each
    /// time it is drawn.
    @Test func largeCasesAreNotRemembered() {
        final class Checks { var count = 0 }
        let checks = Checks()
        let property = Property(name: "t", summary: "", generator: lists) { list in
            checks.count += 1
            return list.reduce(0, +) >= 120 ? .fail(Failure(.custom, "x")) : .pass
        }.described(by: { ["\($0)"] }, measure: { _ in Shrinker<[Int]>.largestRemembered + 1 })
        var shrinker = shrinker(start: [1, 90, 1, 250, 1, 77, 1, 3, 0], property)
        _ = shrinker.run()
        #expect(shrinker.bestValue.reduce(0, +) == 120)
        #expect(shrinker.reusedVerdicts == 0)
        #expect(shrinker.calls + 1 == checks.count)
    }

    /// Made in generic code, where the case type is not known to be `Hashable`, a property
    /// over `Hashable` cases still has its verdicts reused.
    @Test func verdictsAreReused_forAPropertyMadeInGenericCode() {
        func property<Case>(_ generator: Gen<Case>, _ holds: @escaping (Case) -> Bool) -> Property<Case> {
            Property.forAll("t", generator, holds)
        }
        var shrinker = shrinker(start: [1, 90, 1, 250, 1, 77, 1, 3, 0], property(lists) { $0.reduce(0, +) < 120 })
        _ = shrinker.run()
        #expect(shrinker.bestValue.reduce(0, +) == 120)
        #expect(shrinker.reusedVerdicts > 0)
    }

    @Test func lowerChoices_stopsAtALargeValueThatIsMinimalAlready() {
        // 50 is the least failing value: after the "more" flag (lowered to an empty list, which
        // passes), zero and 49 are tried, and the search ends there (a binary search from zero
        // would take six more calls).
        var shrinker = shrinker(start: [1, 50, 0]) { $0.contains { $0 >= 50 } }
        shrinker.lowerChoices()
        #expect(shrinker.bestValue == [50])
        #expect(shrinker.calls == 3)
        // A small value is searched whole: 3 fails, 2 does not, 1 does.
        var odd = self.shrinker(start: [1, 3, 0]) { $0.contains { $0 % 2 == 1 } }
        odd.lowerChoices()
        #expect(odd.bestValue == [1])
    }

    @Test func zeroBlocks_simplifiesIrrelevantValues() throws {
        // Four values drawn back to back (a fixed-length array draws only its closing flag).
        let generator = Gen.int(in: 0...100).array(count: 4...4)
        let property = Property(name: "t", summary: "", generator: generator) { $0[3] == 9 ? .fail(Failure(.custom, "x")) : .pass }
        let start: [UInt64] = [7, 8, 5, 9, 0]   // four values, then the closing "no more" flag
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)),
                                failure: Failure(.custom, "x"))
        shrinker.zeroBlocks()
        #expect(shrinker.bestValue == [0, 0, 0, 9])
    }

    @Test func swapNeighbours_movesTheLargerChoiceLater() {
        // [30, 10]: the pass swaps 30 past the "more" flag after it, which the generator reads
        // back as 1 (a flag), so the list becomes [1, 10], still two different values.
        var shrinker = shrinker(start: [1, 30, 1, 10, 0]) { $0.count == 2 && $0[0] != $0[1] }
        shrinker.swapNeighbours()
        #expect(shrinker.best == [1, 1, 1, 10, 0])
        #expect(shrinker.bestValue == [1, 10])
        // Where no swap keeps the failure, nothing changes.
        var stuck = self.shrinker(start: [1, 30, 1, 10, 0]) { $0 == [30, 10] }
        stuck.swapNeighbours()
        #expect(stuck.best == [1, 30, 1, 10, 0])
    }

    /// Run again on a count that is already the least failing one, the search stops after one
    /// call (one lower passes) instead of probing upwards from 1 again; a count one lower that
    /// still fails goes on to the search.
    @Test func lowerUpwards_stopsAtOnceOnAMinimalCount() throws {
        let generator = Gen<Int>(shrinkPasses: []) { source in Int(try source.draw(below: 1_001)) }
        let property = Property(name: "t", summary: "", generator: generator) { $0 >= 37 ? .fail(Failure(.custom, "x")) : .pass }
        var minimal = Shrinker(property: property, size: 100, choices: [37], value: 37, failure: Failure(.custom, "x"))
        minimal.lowerUpwards(at: 0)
        #expect(minimal.best == [37])
        #expect(minimal.calls == 1)
        var above = Shrinker(property: property, size: 100, choices: [90], value: 90, failure: Failure(.custom, "x"))
        above.lowerUpwards(at: 0)
        #expect(above.best == [37])
    }

    /// A count a little above the least failing one (the case changed since the last round)
    /// goes down by 1, 2, 4, … and halves back: 41 → 40, 38, 34 (passes), 36, 37 — five calls,
    /// none of them probing from 1 upwards again.
    @Test func lowerUpwards_gallopsDownFromACountNearTheLeast() throws {
        final class Checked: @unchecked Sendable { var values: [Int] = [] }
        let checked = Checked()
        let generator = Gen<Int>(shrinkPasses: []) { source in Int(try source.draw(below: 1_001)) }
        let property = Property(name: "t", summary: "", generator: generator) { value in
            checked.values.append(value)
            return value >= 37 ? .fail(Failure(.custom, "x")) : .pass
        }
        var shrinker = Shrinker(property: property, size: 100, choices: [41], value: 41, failure: Failure(.custom, "x"))
        shrinker.lowerUpwards(at: 0)
        #expect(shrinker.best == [37])
        #expect(checked.values == [40, 38, 34, 36, 37])
    }

    /// Two values that must keep a sum: lowering one at a time stops at [5, 5], moving value
    /// from the first to the second reaches the shortlex-smaller [0, 10].
    @Test func redistribute_movesValueBetweenTwoChoices() {
        let claim: ([Int]) -> Bool = { $0.count == 2 && $0.reduce(0, +) >= 10 }
        var lowering = shrinker(start: [1, 7, 1, 5, 0], failsWhen: claim)
        lowering.lowerChoices()
        #expect(lowering.bestValue == [5, 5])
        var moving = shrinker(start: [1, 7, 1, 5, 0], failsWhen: claim)
        moving.redistribute()
        #expect(moving.bestValue == [0, 10])
    }

    /// A length drawn before its elements goes down with one of them: from n = 3 and
    /// [0, 0, 9], deleting an element alone leaves the length reading one choice too many,
    /// lowering the length alone drops the 9; together they reach [0, 9], then [9].
    @Test func deleteLowering_dropsAnElementWithItsLength() throws {
        let generator = Gen.int(in: 1...5).flatMap { n in Gen.int(in: 0...9).array(count: n...n) }
        let property = Property(name: "t", summary: "", generator: generator) { ($0.max() ?? 0) >= 9 ? .fail(Failure(.custom, "x")) : .pass }
        let start: [UInt64] = [2, 0, 0, 9]
        let value = try generator.generate(ChoiceSource(replaying: start, size: 100))
        #expect(value == [0, 0, 9])
        var shrinker = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "x"))
        shrinker.deleteBlocks(upTo: 1)
        shrinker.lowerChoices()
        #expect(shrinker.bestValue == [0, 0, 9])
        shrinker.deleteLowering()
        #expect(shrinker.bestValue == [9])
    }

    /// The coupling problem: a list of indices into itself fails when two point at each other.
    /// From [0, 0, 3, 2], deleting an element shifts the pair's indices, so it must be deleted
    /// with the indices past it lowered: [0, 2, 1], then [1, 0].
    @Test func deleteRenumbering_keepsIndicesPointingAtTheSameElements() {
        let pairPointsAtEachOther: ([Int]) -> Bool = { list in
            list.allSatisfy { $0 < list.count } && list.indices.contains { list[list[$0]] == $0 && list[$0] != $0 }
        }
        var deleting = shrinker(start: [1, 0, 1, 0, 1, 3, 1, 2, 0], failsWhen: pairPointsAtEachOther)
        deleting.deleteBlocks(upTo: 2)
        #expect(deleting.bestValue == [0, 0, 3, 2])
        var renumbering = shrinker(start: [1, 0, 1, 0, 1, 3, 1, 2, 0], failsWhen: pairPointsAtEachOther)
        renumbering.deleteRenumbering()
        renumbering.deleteRenumbering()
        #expect(renumbering.bestValue == [1, 0])
    }

    /// Two values that must keep their difference go down together: from (7, 5) with a = b + 2,
    /// lowering either alone passes, lowering both fails; they end at (2, 0).
    @Test func lowerPairs_lowersTwoChoicesTogether() throws {
        let generator = zip(Gen.int(in: 0...20), Gen.int(in: 0...20))
        let property = Property(name: "t", summary: "", generator: generator) { $0.0 == $0.1 + 2 ? .fail(Failure(.custom, "x")) : .pass }
        let start: [UInt64] = [7, 5]
        let value = try generator.generate(ChoiceSource(replaying: start, size: 100))
        var alone = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "x"))
        alone.lowerChoices()
        alone.redistribute()
        #expect(alone.best == start)
        var together = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "x"))
        together.lowerPairs()
        #expect(together.best == [2, 0])
    }

    /// An empty list is one choice, a full one starts with a 1: lists trade places so the empty
    /// one comes first, from ([7], []) to ([], [7]).
    @Test func swapLists_putsTheEmptyListFirst() throws {
        let generator = zip(Gen.int(in: 0...9).array(count: 0...3), Gen.int(in: 0...9).array(count: 0...3))
        let property = Property(name: "t", summary: "", generator: generator) { lists in
            (lists.0 + lists.1).contains(7) ? .fail(Failure(.custom, "x")) : .pass
        }
        let start: [UInt64] = [1, 7, 0, 0]
        let value = try generator.generate(ChoiceSource(replaying: start, size: 100))
        var shrinker = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "x"))
        shrinker.swapSpans(labelled: "list")
        #expect(shrinker.best == [0, 1, 7, 0])
        #expect(shrinker.bestValue.0 == [] && shrinker.bestValue.1 == [7])
    }

    /// A zig-zag encoded integer keeps its sign only in steps of two: two negative values
    /// with a sum of at most -5, from (-3, -2), end at (-1, -4) — choices 2 and 8. Lowering
    /// alone cannot leave (-3, -2): every lower choice of either is positive or too small.
    @Test func redistribute_movesInStepsOfTwo() throws {
        let generator = zip(Gen.int(in: -50...50), Gen.int(in: -50...50))
        let property = Property(name: "t", summary: "", generator: generator) { pair in
            pair.0 < 0 && pair.1 < 0 && pair.0 + pair.1 <= -5 ? .fail(Failure(.custom, "x")) : .pass
        }
        let start: [UInt64] = [6, 4]
        let value = try generator.generate(ChoiceSource(replaying: start, size: 100))
        var lowering = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "x"))
        lowering.lowerChoices()
        #expect(lowering.best == start)
        var shrinker = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "x"))
        #expect(shrinker.run() == .shrinkFixedPoint)
        #expect(shrinker.best == [2, 8])
        #expect(shrinker.bestValue == (-1, -4))
    }

    @Test func findInteger_findsTheLargestWorkingValueInFewCalls() {
        var calls = 0
        #expect(Shrinker<Int>.findInteger(limit: 1_000) { calls += 1; return $0 <= 637 } == 637)
        #expect(calls <= 24)
        calls = 0
        #expect(Shrinker<Int>.findInteger(limit: 1_000) { calls += 1; return $0 == 0 } == 0)
        #expect(calls == 1)
        #expect(Shrinker<Int>.findInteger(limit: 3) { _ in true } == 3)
        #expect(Shrinker<Int>.findInteger(limit: 9) { _ in true } == 9)
    }

    @Test func run_reachesAFixedPoint() {
        var shrinker = shrinker(start: [1, 70, 1, 3, 1, 99, 0]) { $0.reduce(0, +) >= 100 }
        #expect(shrinker.run() == .shrinkFixedPoint)
        #expect(shrinker.bestValue.reduce(0, +) == 100)
        #expect(shrinker.statistics.contains { $0.successes > 0 })
    }

    /// A `whenStuck` pass waits while other passes make progress, and still runs at the end.
    @Test func whenStuckPass_runsOnlyOnceTheOthersAreStuck() throws {
        let values = Gen.int(in: 0...100).array(count: 4...4)
        // Listed first: run in order, zeroing blocks would also take the step lowering takes.
        let generator = Gen(shrinkPasses: [("zero", .whenStuck(.zeroBlocks)), ("lower", .lowerNumbers)]) { try values.generate($0) }
        // The first two values must stay equal, so only zeroing them together lowers them.
        let property = Property(name: "t", summary: "", generator: generator) { v in
            v[0] == v[1] && v[3] == 9 ? .fail(Failure(.custom, "x")) : .pass
        }
        let start: [UInt64] = [7, 7, 5, 9, 0]
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)),
                                failure: Failure(.custom, "x"))
        #expect(shrinker.run() == .shrinkFixedPoint)
        #expect(shrinker.bestValue == [0, 0, 0, 9])
        let successes = Dictionary(uniqueKeysWithValues: shrinker.statistics.map { ($0.name, $0.successes) })
        #expect(successes["lower"] == 1)   // 5 → 0, before zeroing ran
        #expect(successes["zero"] == 1)    // 7, 7 → 0, 0 once lowering was stuck
    }

    /// Candidates are checked without failure details; the smallest is checked again with them.
    @Test func candidates_areCheckedWithoutDetails_theResultWithThem() throws {
        final class Log: @unchecked Sendable { var detailed: [Bool] = [] }
        let log = Log()
        let generator = Gen.int(in: 0...100).array(count: 0...10)
        let property = Property(name: "t", summary: "", generator: generator) { values in
            log.detailed.append(Failure.detailed)
            guard values.contains(where: { $0 >= 50 }) else { return .pass }
            return .fail(Failure(.custom, "x", details: Failure.detailed ? ["spelled out"] : []))
        }
        let start: [UInt64] = [1, 5, 1, 60, 0]
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)),
                                failure: Failure(.custom, "x", details: ["spelled out"]))
        _ = shrinker.run()
        #expect(shrinker.bestValue == [50])
        #expect(shrinker.bestFailure.details == ["spelled out"])
        #expect(log.detailed.count == shrinker.calls + 1)
        #expect(log.detailed.dropLast().allSatisfy { !$0 })
        #expect(log.detailed.last == true)
    }

    /// The engine knows no scenario labels: a plain generator shrinks with the generic passes
    /// only, the scenario generator names its own, and zip keeps both sides' passes.
    @Test func passes_comeFromTheGenerator() {
        #expect(Gen<Int>.int(in: 0...9).shrinkPasses.map(\.name) == ShrinkPass.generic.map(\.name))
        let scenarioPasses = ScenarioShape.hot(1).generator.shrinkPasses
        #expect(scenarioPasses.contains { $0.pass == .drop("source", adjusting: "arity") })
        // The blind passes, not those for plain values (a scenario has its own for counts,
        // indices and coupled choices).
        #expect(Set(scenarioPasses.map(\.name).filter { name in ShrinkPass.generic.contains { $0.name == name } })
                == Set(ShrinkPass.blind.map(\.name)))
        let both = zip(Gen<Int>.int(in: 0...9), ScenarioShape.hot(1).generator).shrinkPasses
        #expect(both.map(\.name) == ShrinkPass.generic.map(\.name) + scenarioPasses.map(\.name).filter { name in !ShrinkPass.generic.contains { $0.name == name } })
        #expect(ScenarioShape.hot(1).generator.map { $0.sources.count }.shrinkPasses.count == scenarioPasses.count)
    }
}
