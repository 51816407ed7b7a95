// The shrink passes that act on labelled spans (drop, trade, drop-with-counter, draw small), each
// from a known starting case.

import Testing
@testable import RxCheck
import RxTestKit

extension ShrinkerTests {
    @Test func dropEvents_keepsLaterEventsAtTheirTicks() throws {
        // Fails when s0 has an event at tick 240 or later.
        let shape = ScenarioShape.hot(1)
        let property = Property(name: "t", summary: "", generator: shape.generator) { scenario in
            scenario.sources[0].events.contains { $0.tick >= 240 } ? .fail(Failure(.custom, "late")) : .pass
        }
        // Arity, then two events (more, gap, value 0, tie 0): hot ticks start one step after the
        // subscription, so gaps 1 and 2 give 220 and 240; then no more events, no terminal, no
        // early dispose.
        let start: [UInt64] = [0, 1, 1, 0, 0, 1, 2, 0, 0, 0, 0, 0]
        let value = try shape.generator.generate(ChoiceSource(replaying: start, size: 100))
        #expect(value.sources[0].events.map(\.tick) == [220, 240])
        var shrinker = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "late"))
        shrinker.dropKeepingPlaces(labelled: "event", gap: "gap")
        #expect(shrinker.bestValue.sources[0].events.map(\.tick) == [240])
    }

    /// A run of events the failure does not need goes in a few calls, not one each: once one
    /// goes, the events before it are tried together (as many as still fail).
    @Test func dropEvents_takesARunOfEventsTogether() throws {
        // Twenty elements at one tick, the last a 3; fails while the last element is a 3.
        let shape = ScenarioShape.hot(1)
        let property = Property(name: "t", summary: "", generator: shape.generator) { scenario in
            scenario.sources[0].events.last?.value == .next(3) ? .fail(Failure(.custom, "three")) : .pass
        }
        let start: [UInt64] = [0] + Array(repeating: [1, 0, 1, 0], count: 19).flatMap { $0 } + [1, 0, 3, 0, 0, 0, 0]
        let value = try shape.generator.generate(ChoiceSource(replaying: start, size: 100))
        #expect(value.sources[0].events.count == 20)
        var shrinker = Shrinker(property: property, size: 100, choices: start, value: value, failure: Failure(.custom, "three"))
        shrinker.dropKeepingPlaces(labelled: "event", gap: "gap")
        #expect(shrinker.bestValue.sources[0].events.map(\.value) == [.next(3)])
        // One by one it takes twenty calls: the last element tried, then each of the nineteen.
        #expect(shrinker.calls <= 10)
    }

    /// Dropping an inner source lowers the inner count (its own counter), so the inners after it
    /// keep their choices; dropping a subscriber lowers the subscriber count.
    @Test func dropInnersAndSubscribers_lowerTheirOwnCounters() throws {
        var shape = ScenarioShape.hot(1)
        shape.inners = 0...3
        shape.innerFlavors = .hot
        shape.extraSubscribers = 0...3
        let generator = shape.generator
        let needsTwo: (Scenario) -> Bool = { $0.inners.contains { $0.events.contains { $0.value == .next(2) } } }
        var found = 0
        for seed in 0..<300 {
            let random = ChoiceSource(seed: UInt64(seed), size: 80)
            let scenario = try generator.generate(random)
            guard scenario.inners.count == 3, scenario.extraSubscribers.count == 3, needsTwo(scenario),
                  !scenario.inners[0].events.contains(where: { $0.value == .next(2) }) else { continue }
            let property = Property(name: "t", summary: "", generator: generator) { scenario in
                needsTwo(scenario) && !scenario.extraSubscribers.isEmpty ? .fail(Failure(.custom, "x")) : .pass
            }
            var shrinker = Shrinker(property: property, size: 80, choices: random.choices, value: scenario, failure: Failure(.custom, "x"))
            shrinker.dropSpans(labelled: "inner", adjusting: "inner count")
            shrinker.dropSpans(labelled: "subscriber", adjusting: "subscriber count")
            #expect(shrinker.bestValue.inners.count == 1)
            #expect(needsTwo(shrinker.bestValue))
            #expect(shrinker.bestValue.extraSubscribers.count == 1)
            // The outer source's values name inners, so with one inner left they all name it;
            // its events stay where they were.
            #expect(shrinker.bestValue.sources[0].events.map(\.tick) == scenario.sources[0].events.map(\.tick))
            found += 1
        }
        #expect(found >= 3)
    }

    /// Elements, each an "element" span of a flag and a value (a 0 flag ends them): how many.
    static func elements(_ source: ChoiceSource) throws -> Int {
        var count = 0
        while try source.span("element", {
            guard try source.draw(below: 2) == 1 else { return false }
            _ = try source.draw(below: 10)
            return true
        }) { count += 1 }
        return count
    }

    /// A kind, then elements (a flag and a value each; a 0 flag ends them). It fails with two
    /// elements, or with one of kind 1: from two elements of kind 0, neither dropping an element
    /// nor raising the kind fails alone, the two together reach the shorter [1, 1, 0, 0].
    @Test func trade_dropsASpanWhileRaisingAnother() throws {
        let generator = Gen<(kind: Int, count: Int)>(shrinkPasses: []) { source in
            let kind = try source.span("kind") { Int(try source.draw(below: 3)) }
            return (kind, try Self.elements(source))
        }
        let property = Property(name: "t", summary: "", generator: generator) { value in
            value.count >= 2 || (value.kind == 1 && value.count >= 1) ? .fail(Failure(.custom, "x")) : .pass
        }
        let start: [UInt64] = [0, 1, 0, 1, 0, 0]
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)), failure: Failure(.custom, "x"))
        shrinker.dropSpans(labelled: "element", adjusting: "none")
        #expect(shrinker.best == start)   // one edit at a time is stuck
        shrinker.trade(give: "element", take: ["kind"], gap: "gap", within: nil)
        #expect(shrinker.best == [1, 1, 0, 0])
    }

    /// A single choice is lowered by one while a later one is raised: [1, 0] fails and so
    /// does [0, 1], which is smaller; neither [0, 0] nor [1, 1] (larger anyway) is needed.
    @Test func trade_lowersOneChoiceWhileRaisingALaterOne() throws {
        let generator = Gen<[Int]>(shrinkPasses: []) { source in
            [try source.span("a") { Int(try source.draw(below: 5)) }, try source.span("b") { Int(try source.draw(below: 5)) }]
        }
        let property = Property(name: "t", summary: "", generator: generator) { $0.reduce(0, +) == 1 ? .fail(Failure(.custom, "x")) : .pass }
        let start: [UInt64] = [1, 0]
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)), failure: Failure(.custom, "x"))
        shrinker.lowerChoices()
        #expect(shrinker.best == start)
        shrinker.trade(give: "a", take: ["b"], gap: "gap", within: nil)
        #expect(shrinker.best == [0, 1])
    }

    /// Elements, then a count that must equal their number: dropping an element alone or
    /// lowering the count alone passes; both at once reach one element.
    @Test func dropCounted_lowersWhatCountsTheDroppedSpan() throws {
        let generator = Gen<(elements: Int, count: Int)>(shrinkPasses: []) { source in
            let elements = try Self.elements(source)
            return (elements, try source.span("count") { Int(try source.draw(below: 10)) })
        }
        let property = Property(name: "t", summary: "", generator: generator) { value in
            value.elements >= 1 && value.count == value.elements ? .fail(Failure(.custom, "x")) : .pass
        }
        let start: [UInt64] = [1, 0, 1, 0, 1, 0, 0, 3]
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)), failure: Failure(.custom, "x"))
        shrinker.dropSpans(labelled: "element", adjusting: "none")
        shrinker.lowerChoices()
        #expect(shrinker.best == start)   // one edit at a time is stuck
        shrinker.dropCounted(give: "element", counts: [ChoiceRef("count")])
        #expect(shrinker.best == [1, 0, 0, 1])
    }

    /// A large case's count is lowered from below: the least failing count is found without
    /// running a case more than twice its size (a search from above would run 5,000 first).
    @Test func drawSmall_lowersALargeCountWithoutRunningTheThousands() throws {
        final class Sizes: @unchecked Sendable { var checked: [Int] = [] }
        let sizes = Sizes()
        let generator = Gen<Int>(shrinkPasses: []) { source in
            try source.span("large") {
                guard try source.draw(below: 2) == 1 else { return 0 }
                let count = Int(try source.draw(below: 20_001))
                _ = try source.draw(below: 2)   // the rest of the large structure
                return count
            }
        }
        let property = Property(name: "t", summary: "", generator: generator) { count in
            sizes.checked.append(count)
            return count >= 37 ? .fail(Failure(.custom, "x")) : .pass
        }
        let start: [UInt64] = [1, 10_000, 0]
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)), failure: Failure(.custom, "x"))
        shrinker.drawSmall(labelled: "large")
        #expect(shrinker.bestValue == 37)
        #expect(sizes.checked.max() ?? 0 <= 64)
        // No large structure (two ways), count 0, upwards 1…64, then halving 32…64 to 37.
        #expect(shrinker.calls <= 15)
    }
}
