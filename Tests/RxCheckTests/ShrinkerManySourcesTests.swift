// Many sources in shrinking: a failure first seen with hundreds of cheap sources ends in the same
// minimal form as one seen with drawn sources, through the rewrite that spells the last few out
// and the order that weighs the many-sources span first.

import Testing
@testable import RxCheck
import RxTestKit

extension ShrinkerTests {
    /// The rewrite draws the same sources, the few many-sources as ordinary ones after the drawn
    /// ones, in more choices that weigh less; where they do not all fit, the first few — and
    /// nothing where the arity has no room.
    @Test func spellingOutManySources_drawsTheSameSourcesWeighingLess() throws {
        var shape = ScenarioShape()
        shape.sources = 0...6
        shape.flavors = .mixedWithSynchronous
        shape.manySourcesPercent = 100
        shape.manySources = 1...4
        var (offered, truncated, refused) = (0, 0, 0)
        for seed in 0..<300 {
            let random = ChoiceSource(seed: UInt64(seed), size: 50, recordingSpans: true)
            let scenario = try shape.generator.generate(random)
            let extras = scenario.sources.count - random.spans.outerSources.count
            let candidates = shape.spellingOutManySources.candidates(random.choices, random.spans)
            guard let candidate = candidates.first else {
                #expect(random.spans.outerSources.count == shape.sources.upperBound)
                refused += 1
                continue
            }
            #expect(candidates.count == 1)
            let replay = ChoiceSource(replaying: candidate, size: 50)
            let replayed = try shape.generator.generate(replay)
            guard scenario.sources.count <= shape.sources.upperBound else {
                // Too many to fit: the first few, the rest gone.
                #expect(replayed.sources == Array(scenario.sources.prefix(shape.sources.upperBound)))
                truncated += 1
                continue
            }
            offered += 1
            #expect(replayed.sources == scenario.sources)
            #expect(replayed.hotOrder == scenario.hotOrder)
            #expect(replay.spans.outerSources.count == scenario.sources.count)
            #expect(candidate.count > random.choices.count)
            #expect(weight(candidate, replay.spans, ["many sources"]) == 0)
            #expect(weighedPrecedes(candidate, replay.spans, random.choices, random.spans, weighed: ["many sources"]))
            #expect(extras >= 1)
        }
        #expect(offered >= 50 && truncated >= 50 && refused >= 10)
    }

    /// The order: less weight first, however long; equal weight, shortlex.
    @Test func weighedOrder_putsWeightBeforeLength() {
        let many = [ChoiceSpan(label: "many sources", range: 1..<3)]
        let none = [ChoiceSpan(label: "many sources", range: 1..<2)]
        // [arity, flag, count] against a longer case without many sources.
        #expect(weighedPrecedes([2, 0, 5, 5, 5, 5], none, [0, 1, 2], many, weighed: ["many sources"]))
        #expect(!weighedPrecedes([0, 1, 2], many, [2, 0, 5, 5, 5, 5], none, weighed: ["many sources"]))
        #expect(weighedPrecedes([0, 1, 1], many, [0, 1, 2], many, weighed: ["many sources"]))
        #expect(!weighedPrecedes([2, 0, 5, 5, 5, 5], none, [0, 1, 2], many, weighed: []))
    }

    /// A failure that needs two sources, one of them synchronous, shrinks to one form whether
    /// the random case had drawn sources or hundreds of many-sources: those go down to the few
    /// the failure needs, then are spelled out and shrink like drawn ones.
    @Test func manySourcesFailure_shrinksToTheDrawnForm() throws {
        var shape = ScenarioShape()
        shape.sources = 0...3
        shape.flavors = .mixedWithSynchronous
        shape.manySourcesPercent = 50
        let property = Property.scenario("two with a synchronous one", summary: "", shape: shape) { scenario in
            scenario.sources.count >= 2 && scenario.sources.contains { $0.flavor == .synchronous }
                ? .fail(Failure(.custom, "synchronous among several")) : .pass
        }
        var forms: Set<[UInt64]> = []
        var (fromMany, fromDrawn) = (0, 0)
        for seed in 0..<60 {
            let random = ChoiceSource(seed: UInt64(seed), size: 100, recordingSpans: true)
            let scenario = try shape.generator.generate(random)
            guard case .fail(let failure) = property.check(scenario) else { continue }
            if scenario.sources.count >= 100 { fromMany += 1 } else { fromDrawn += 1 }
            var shrinker = Shrinker(property: property, size: 100, choices: random.choices, value: scenario,
                                    failure: failure, spans: random.spans)
            #expect(shrinker.run() == .shrinkFixedPoint)
            #expect(shrinker.bestValue.sources.count == 2)
            forms.insert(shrinker.best)
        }
        #expect(fromMany >= 10 && fromDrawn >= 5)
        #expect(forms.count == 1)
    }
}
