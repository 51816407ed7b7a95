import Foundation
import Testing
@testable import RxCheck
import RxTestKit

@Suite struct GeneratorTests {
    @Test func replayingRecordedChoices_rebuildsTheSameCase() throws {
        let generator = ScenarioShape.hot(3).generator
        for index in 0..<200 {
            let random = ChoiceSource(seed: UInt64(index), size: index % 101)
            let original = try generator.generate(random)
            let replay = ChoiceSource(replaying: random.choices, size: random.size)
            #expect(try generator.generate(replay) == original)
            #expect(replay.choices == random.choices)
        }
    }

    /// A case drawn and still held is the caller's: the cases drawn after it on the thread
    /// reuse the lists of cases let go (see `DrawSpares`), never of one held — large, with
    /// many or inner sources, or plain — and a case drawn again from its seed is the same.
    @Test func heldCase_isUntouchedByTheCasesDrawnAfterIt() throws {
        var rich = ScenarioShape()
        rich.sources = 1...3
        rich.flavors = .mixedWithSynchronous
        rich.inners = 1...2
        rich.largePercent = 30
        rich.largeEvents = 10...40
        rich.manySourcesPercent = 20
        rich.manySources = 5...20
        let shapes = [ScenarioShape.hot(2), rich]
        for shape in shapes {
            let generator = shape.generator
            for seed in UInt64(0)..<30 {
                let held = try generator.generate(ChoiceSource(seed: seed, size: 100))
                let copy = try JSONDecoder().decode(Scenario.self, from: JSONEncoder().encode(held))
                for later in 0..<3 { _ = try generator.generate(ChoiceSource(seed: 1_000 + seed * 3 + UInt64(later), size: 100)) }
                #expect(held == copy)
                #expect(try generator.generate(ChoiceSource(seed: seed, size: 100)) == held)
            }
        }
    }

    /// Emptied for reuse, a list keeps its storage only when nothing else holds it; a shared
    /// one leaves its elements to the other holder and starts again with no room.
    @Test func emptyForReuse_keepsStorageOnlyWhenNothingElseHoldsIt() {
        var alone = Array(0..<100)
        let room = alone.capacity
        alone.emptyForReuse()
        #expect(alone.isEmpty && alone.capacity == room)
        var shared = Array(0..<100)
        let other = shared
        shared.emptyForReuse()
        #expect(shared.isEmpty && shared.capacity == 0)
        #expect(other == Array(0..<100))
    }

    /// The record keeps every choice past its first block, in order: a long random draw replays
    /// to the same choices, a replay goes on with zeros past its prefix, and the limit holds.
    @Test func choiceRecord_growsPastItsFirstBlock_andKeepsTheLimit() throws {
        let random = ChoiceSource(seed: 7, size: 100)
        let drawn = try (0..<1_000).map { _ in try random.draw(below: 1_000) }
        #expect(random.choices == drawn)
        let replay = ChoiceSource(replaying: Array(drawn.prefix(300)), size: 100)
        let replayed = try (0..<1_000).map { _ in try replay.draw(below: 1_000) }
        #expect(replayed == Array(drawn.prefix(300)) + Array(repeating: 0, count: 700))
        #expect(replay.choices == replayed)
        let limited = ChoiceSource(replaying: [], size: 100, maxChoices: 3)
        for _ in 0..<3 { _ = try limited.draw(below: 2) }
        #expect(throws: ChoiceOverrun.self) { try limited.draw(below: 2) }
        #expect(limited.choices == [0, 0, 0])
    }

    /// A random source records spans only when asked; a replay of its choices records the
    /// same ones — the shrinker gets a failing case's spans that way.
    @Test func spans_recordedByReplay_asARecordingRandomSourceWould() throws {
        let generator = ScenarioShape.hot(3).generator
        for index in 0..<50 {
            let plain = ChoiceSource(seed: UInt64(index), size: 60)
            let recording = ChoiceSource(seed: UInt64(index), size: 60, recordingSpans: true)
            #expect(try generator.generate(plain) == generator.generate(recording))
            #expect(plain.spans.isEmpty && plain.choices == recording.choices)
            let replay = ChoiceSource(replaying: plain.choices, size: 60)
            _ = try generator.generate(replay)
            #expect(!replay.spans.isEmpty && replay.spans == recording.spans)
        }
    }

    /// The case `random`'s choices give with the first choice of the first span labelled
    /// `label` set to `value`, and how many choices that took.
    private static func redraw(_ random: ChoiceSource, setting label: SpanLabel, to value: UInt64,
                               with generator: Gen<Scenario>) throws -> (Scenario, Int) {
        let replay = ChoiceSource(replaying: random.choices, size: random.size)
        _ = try generator.generate(replay)
        let position = try #require(replay.spans.first { $0.label == label }).range.lowerBound
        var edited = random.choices
        edited[position] = value
        let redrawn = ChoiceSource(replaying: edited, size: random.size)
        return (try generator.generate(redrawn), redrawn.choices.count)
    }

    /// A behavior source's initial element is drawn as an event is: lowering the flavour choice
    /// to hot gives the hot source with the same events, the initial one first, in as many
    /// choices — so shrinking gets from one to the other in one step.
    @Test func behaviorSource_lowersToTheHotSourceWithTheSameEvents() throws {
        var shape = ScenarioShape.hot(1)
        shape.flavors = .mixedWithSynchronous
        let generator = shape.generator
        var checked = 0
        for seed in 0..<400 {
            let random = ChoiceSource(seed: UInt64(seed), size: 50)
            let scenario = try generator.generate(random)
            let timeline = scenario.sources[0]
            guard timeline.flavor == .behavior, timeline.events.first?.tick == scenario.subscribed else { continue }
            let (lowered, count) = try Self.redraw(random, setting: "source", to: 0, with: generator)
            let converted = lowered.sources[0]
            #expect(converted.flavor == .hot)
            #expect(count == random.choices.count)
            #expect(converted.events.map(\.value) == timeline.events.map(\.value))
            #expect(converted.events.first?.tick == scenario.subscribed + shape.tickStep)
            #expect(Array(converted.events.dropFirst()) == Array(timeline.events.dropFirst()))
            checked += 1
        }
        #expect(checked >= 20)
    }

    /// A completion takes as many choices as an error: lowering an error's kind gives the
    /// completion at the same tick, everything after it in place.
    @Test func errorTerminal_lowersToACompletionInOneStep() throws {
        let generator = ScenarioShape.hot(2).generator
        var checked = 0
        for seed in 0..<300 {
            let random = ChoiceSource(seed: UInt64(seed), size: 50)
            let scenario = try generator.generate(random)
            guard let last = scenario.sources[0].events.last, case .error = last.value else { continue }
            let (converted, count) = try Self.redraw(random, setting: "terminal", to: 1, with: generator)
            #expect(count == random.choices.count)
            #expect(converted.sources[0].events.last == TimelineEvent(last.tick, .completed))
            #expect(Array(converted.sources[0].events.dropLast()) == Array(scenario.sources[0].events.dropLast()))
            #expect(converted.sources[1] == scenario.sources[1])
            checked += 1
        }
        #expect(checked >= 20)
    }

    @Test func exhaustedReplay_drawsZero_theSimplestCase() throws {
        let scenario = try ScenarioShape.hot(2).generator.generate(ChoiceSource(replaying: [], size: 50))
        #expect(scenario.sources.count == 2)
        #expect(scenario.sources.allSatisfy { $0.events.isEmpty && $0.flavor == .hot })
        #expect(scenario.disposed == 1000)
    }

    @Test func generatedTimelines_areWellFormed() throws {
        var shape = ScenarioShape()
        shape.sources = 0...4
        shape.flavors = .mixed
        shape.inners = 0...3
        let generator = shape.generator
        for index in 0..<500 {
            let scenario = try generator.generate(ChoiceSource(seed: UInt64(index) &* 7919, size: index % 101))
            for timeline in scenario.sources + scenario.inners {
                #expect(zip(timeline.events, timeline.events.dropFirst()).allSatisfy { $0.tick <= $1.tick })
                #expect(timeline.events.dropLast().allSatisfy { !$0.value.isTerminal })
            }
            let hotCount = (scenario.sources + scenario.inners).filter { $0.flavor.isHot }.reduce(0) { $0 + $1.events.count }
            #expect(scenario.hotOrder.count == hotCount)
            #expect(Set(scenario.hotOrder).count == hotCount)
            let ticks = scenario.hotOrder.map { scenario.event($0).tick }
            #expect(ticks == ticks.sorted())
            #expect(scenario.disposed >= scenario.subscribed && scenario.disposed <= 1000)
        }
    }

    /// A many-sources case keeps the usual sources and adds hundreds of cheap ones — `just`s and
    /// one-element hot sources by turns, or all synchronous, completing or failing — within the
    /// choice budget, and shrinking's simplest choice (no
    /// many-sources case) leaves the usual arity.
    @Test func manySources_addHundredsOfCheapSources() throws {
        var shape = ScenarioShape()
        shape.sources = 0...4
        shape.flavors = .mixedWithSynchronous
        shape.manySourcesPercent = 100
        var counts: [Int] = []
        var (synchronous, failing) = (0, 0)
        for index in 0..<50 {
            let scenario = try shape.generator.generate(ChoiceSource(seed: UInt64(index), size: 100))
            counts.append(scenario.sources.count)
            #expect(ScenarioClass.classify(scenario).contains(.manySources))
            let extras = scenario.sources.suffix(scenario.sources.count - 4)
            #expect(extras.allSatisfy { $0.events.count <= 2 && ($0.flavor == .synchronous || $0.flavor == .hot) })
            // Now and then all synchronous, completing or failing: a recursion per source goes deep.
            if extras.allSatisfy({ $0.flavor == .synchronous }) {
                if extras.allSatisfy({ $0.events.last?.value == .completed }) { synchronous += 1 }
                if extras.allSatisfy({ $0.events.last?.value == .error(1) }) { failing += 1 }
            }
            let hotCount = scenario.sources.filter { $0.flavor.isHot }.reduce(0) { $0 + $1.events.count }
            #expect(scenario.hotOrder.count == hotCount)
        }
        #expect(synchronous >= 8 && failing >= 8)
        #expect(counts.allSatisfy { (200...2_004).contains($0) })
        #expect(Set(counts).count > 40)
        let simplest = try shape.generator.generate(ChoiceSource(replaying: [], size: 100))
        #expect(simplest.sources.count == 0)
    }

    /// The generator's advertised shares, measured over one run of the default case count
    /// (sizes growing 0 → 100 as the runner draws them).
    @Test func defaultRun_containsTiesErrorsAndEarlyDisposesInAdvertisedShares() throws {
        var shape = ScenarioShape.hot(2)
        shape.flavors = .mixed
        let options = RunOptions()
        var counts: [ScenarioClass: Int] = [:]
        for index in 0..<options.cases {
            let scenario = try shape.generator.generate(ChoiceSource(seed: options.caseSeed(index), size: options.caseSize(index)))
            for scenarioClass in ScenarioClass.classify(scenario) { counts[scenarioClass, default: 0] += 1 }
        }
        func share(_ scenarioClass: ScenarioClass) -> Double { 100 * Double(counts[scenarioClass] ?? 0) / Double(options.cases) }
        #expect(share(.sameTickInSource) >= 15)
        #expect(share(.sameTickAcrossSources) >= 10)
        #expect(share(.reorderedTie) >= 3)
        #expect(share(.error) >= 15)
        #expect(share(.completion) >= 25)
        #expect(share(.earlyDispose) >= 10 && share(.earlyDispose) <= 35)
        #expect(share(.disposedBeforeActivity) >= 1)
        #expect(share(.emptySource) >= 15)
        #expect(share(.coldSource) >= 40)
    }

    @Test func sizeGrows_fromSmallToFull() {
        let options = RunOptions()
        #expect(options.caseSize(0) == 0)
        #expect(options.caseSize(50) == 50)
        #expect(options.caseSize(150) == 100)
    }

    @Test func combinators_drawThroughTheSource() throws {
        let generator = zip(Gen.int(in: 3...7), Gen<Int>.element(of: [10, 20]).array(count: 1...4))
        for seed in 0..<100 as Range<UInt64> {
            let (number, list) = try generator.generate(ChoiceSource(seed: seed, size: 100))
            #expect((3...7).contains(number))
            #expect((1...4).contains(list.count) && list.allSatisfy { $0 == 10 || $0 == 20 })
        }
        let simplest = try generator.generate(ChoiceSource(replaying: [], size: 100))
        #expect(simplest.0 == 3 && simplest.1 == [10])
    }
}

extension GeneratorTests {
    /// The hot order is drawn by merging two increasing runs, else by sorting packed integer
    /// keys; each must be the order the plain tuple sort gives — ties on a tick broken by priority (never dropping within a source),
    /// then by list, source and index — and a tick too large to pack falls back to that sort.
    @Test func packedHotOrder_matchesTheTupleSort() {
        var rng = Xoshiro256(seed: 20_261_127)
        var mergedRounds = 0
        for round in 0..<300 {
            func timelines(_ count: Int) -> [SourceTimeline] {
                (0..<count).map { _ in
                    var tick = 200 + Int(rng.next(below: 3))
                    var events = (0..<Int(rng.next(below: 6))).map { _ in
                        tick += Int(rng.next(below: 3))   // many shared ticks, within and across sources
                        return TimelineEvent(tick, .next(0))
                    }
                    if rng.next(below: 8) == 0 { events.reverse() }   // falling ticks: no run to merge
                    return SourceTimeline(rng.next(below: 4) == 0 ? .cold : .hot, events)
                }
            }
            let sources = timelines(Int(rng.next(below: 4)))
            let inners = timelines(Int(rng.next(below: 3)))
            let priorities = (sources + inners).flatMap { $0.events.map { _ in Int(rng.next(below: 4)) } }
            priorities.withUnsafeBufferPointer { priorities in
                let sorted = ScenarioShape.sortedHotOrder(sources: sources, inners: inners, priorities: priorities)
                let packed = ScenarioShape.packedHotOrder(sources: sources, inners: inners, priorities: priorities)
                #expect(packed == sorted, "round \(round)")
                if let merged = ScenarioShape.mergedHotOrder(sources: sources, inners: inners, priorities: priorities) {
                    #expect(merged == sorted, "round \(round)")
                    mergedRounds += 1
                }
            }
        }
        #expect(mergedRounds > 100)   // two hot timelines or fewer, ticks never falling: merged
        let far = [SourceTimeline(.hot, [TimelineEvent(1 << 40, .next(0))]), SourceTimeline(.hot, [TimelineEvent(5, .next(0))])]
        [0, 0].withUnsafeBufferPointer { zeros in
            #expect(ScenarioShape.packedHotOrder(sources: far, inners: [], priorities: zeros) == nil)
            #expect(ScenarioShape.hotOrder(sources: far, inners: [], priorities: zeros)
                    == [HotEventRef(inner: false, source: 1, index: 0), HotEventRef(inner: false, source: 0, index: 0)])
        }
    }
}
