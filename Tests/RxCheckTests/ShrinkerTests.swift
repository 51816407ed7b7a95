import Testing
@testable import RxCheck
import RxTestKit

/// Each shrink pass alone, from a known starting case.
@Suite struct ShrinkerTests {
    /// Plain integer lists.
    private let lists = Gen.int(in: 0...100).array(count: 0...10)

    /// A property over plain integer lists, with a fixed failing start.
    private func shrinker(start: [UInt64], failsWhen claim: @escaping ([Int]) -> Bool) -> Shrinker<[Int]> {
        shrinker(start: start, Property(name: "t", summary: "", generator: lists) { claim($0) ? .fail(Failure(.custom, "x")) : .pass })
    }

    /// `property`, over `lists`, shrinking from `start`.
    private func shrinker(start: [UInt64], _ property: Property<[Int]>) -> Shrinker<[Int]> {
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

    /// A rewrite's candidates are tried like any other: the first that is smaller and still
    /// fails is kept; one that passes, or is not smaller, is not.
    @Test func rewrite_keepsTheFirstSmallerFailingCandidate() throws {
        // Lists drawn as (more, value) pairs; fails when the values add up to 100 or more.
        var generator = Gen.int(in: 0...100).array(count: 0...10)
        let candidates: [[UInt64]] = [
            [1, 99, 0],                  // smaller, but passes (99)
            [1, 100, 1, 100, 1, 100, 0], // fails, but not smaller
            [1, 100, 0],                 // smaller and fails: kept
            [1, 100, 1, 0, 0],           // would fail too, but comes after
        ]
        generator.shrinkPasses = [("offer", .rewrite(ChoiceRewrite("offer") { _, _ in candidates }))]
        let property = Property(name: "t", summary: "", generator: generator) { $0.reduce(0, +) >= 100 ? .fail(Failure(.custom, "x")) : .pass }
        let start: [UInt64] = [1, 60, 1, 70, 0]
        var shrinker = Shrinker(property: property, size: 100, choices: start,
                                value: try generator.generate(ChoiceSource(replaying: start, size: 100)), failure: Failure(.custom, "x"))
        _ = shrinker.run()
        #expect(shrinker.bestValue == [100])
        #expect(shrinker.calls == 2)   // the passing one, then the kept one; the rest never ran
    }

    /// A source's elements — one, then a run of one other value (or the same, with one inner) —
    /// fold into the large case that draws them: the same elements, synchronous, the inners as
    /// they were, and for two elements or more fewer choices.
    @Test func foldingIntoLarge_drawsTheSameElementsInFewerChoices() throws {
        let shape = Self.foldingShape(inners: 1...3, largePercent: 1)
        var (folded, foldedInner) = (0, 0)
        for seed in 0..<400 {
            let random = ChoiceSource(seed: UInt64(seed), size: 60, recordingSpans: true)
            let scenario = try shape.generator.generate(random)
            let candidates = shape.foldingIntoLarge.candidates(random.choices, random.spans)
            let elements = scenario.sources[0].events.filter { !$0.value.isTerminal }.map(\.value)
            // The inners as they were last; first, when the inner the run names is drawn as the
            // large case's "just" inner, the same with that inner folded in too.
            guard let candidate = candidates.last else { continue }
            #expect(candidates.count <= 2)
            // Four choices an event drawn, six at most for the whole large case.
            if elements.count >= 2 { #expect(candidate.count < random.choices.count) }
            let replayed = try shape.generator.generate(ChoiceSource(replaying: candidate, size: 60))
            #expect(replayed.sources[0].flavor == .synchronous)
            #expect(replayed.sources[0].events.filter { !$0.value.isTerminal }.map(\.value) == elements)
            #expect(replayed.inners == scenario.inners)
            folded += 1
            if candidates.count == 2 {
                #expect(candidates[0].count < candidate.count)
                let both = try shape.generator.generate(ChoiceSource(replaying: candidates[0], size: 60))
                #expect(both.sources[0] == replayed.sources[0])
                try Self.expectJustInnerFolded(both, from: scenario)
                foldedInner += 1
            }
        }
        #expect(folded >= 5)
        #expect(foldedInner >= 1)
        // Already large, or elements no large case draws (two different values after the first):
        // nothing to fold.
        let large = [UInt64](repeating: 0, count: 3)
        #expect(shape.foldingIntoLarge.candidates(large, [ChoiceSpan(label: "large", range: 0..<3)]).isEmpty)
    }

    /// Once the large case is drawn, an inner drawn as what its "just" inner or its waiting inner
    /// stands for folds into it: fewer choices; the same scenario but for that inner, which is
    /// then what the large case makes it — the same element (and completion) delivered
    /// synchronously, or the very same hot completion.
    @Test func foldingIntoLarge_foldsTheInnersTheLargeCaseNames() throws {
        var shape = Self.foldingShape(inners: 1...2, largePercent: 100)
        shape.innerFlavors = .mixedWithSynchronous
        shape.innerMaxEvents = 1
        shape.largeEvents = 0...2
        var (just, waits) = (0, 0)
        try Self.forEachRewritten(by: shape.foldingIntoLarge, of: shape, seeds: 3_000, size: 10) { scenario, replayed in
            #expect(replayed.sources == scenario.sources)
            if replayed == scenario {
                waits += 1   // the waiting inner: the same hot completion, drawn by the large case
            } else {
                try Self.expectJustInnerFolded(replayed, from: scenario)
                just += 1
            }
        }
        #expect(just >= 3)
        #expect(waits >= 3)
    }

    /// A large case of two elements over two inners loses its first element and the inner only
    /// that element names: one element left, on one inner — the run's, renumbered, with a feedback
    /// into it following it — and fewer choices.
    @Test func droppingLargeFirst_keepsTheRunsInnerAlone() throws {
        var shape = Self.foldingShape(inners: 1...2, largePercent: 100)
        shape.largeEvents = 1...1
        shape.feedbackPercent = 50
        var (dropped, fedBack) = (0, 0)
        try Self.forEachRewritten(by: shape.droppingLargeFirst, of: shape, seeds: 4_000, size: 20) { scenario, replayed in
            let elements = scenario.sources[0].events.filter { !$0.value.isTerminal }
            guard case .next(let run) = try #require(elements.last).value else { return }
            #expect(elements.count == 2)
            #expect(replayed.inners.count == 1)
            #expect(replayed.sources[0].events.filter { !$0.value.isTerminal }.map(\.value) == [.next(0)])
            #expect(replayed.sources[0].events.last?.value.isTerminal == scenario.sources[0].events.last?.value.isTerminal)
            #expect(replayed.inners[0].flavor == scenario.inners[run].flavor)
            #expect(replayed.inners[0].events.count == scenario.inners[run].events.count)
            if let inner = scenario.feedback?.inner {
                #expect(inner == run)
                #expect(replayed.feedback?.inner == 0)
                fedBack += 1
            }
            dropped += 1
        }
        #expect(dropped >= 20)
        #expect(fedBack >= 3)
    }

    /// A source whose events ended at one drawn past the window is the same scenario with that
    /// event's choices replaced by the flag that ends the events: shorter, nothing else changed.
    @Test func deadEventEnded_drawsTheSameScenarioShorter() throws {
        var shape = ScenarioShape.hot(2)
        shape.flavors = .mixedWithSynchronous
        shape.disposed = 300   // ten steps: events often run past the window
        var ended = 0
        try Self.forEachRewritten(by: ScenarioShape.deadEventEnded, of: shape, seeds: 300, size: 100) { scenario, replayed in
            #expect(replayed == scenario)
            ended += 1
        }
        #expect(ended >= 50)
    }

    /// A synchronous source becomes a hot one with the same events, all one step after the
    /// subscription; an early dispose or an extra subscriber at the subscribe tick moves one step
    /// later with it, everything else stays; the candidate is shortlex smaller.
    @Test func synchronousTimed_firesTheEventsBeforeTheHarnessMoves() throws {
        var shape = ScenarioShape.hot(1)
        shape.flavors = .mixedWithSynchronous
        shape.extraSubscribers = 0...2
        shape.earlyDisposePercent = 50
        shape.disposed = 300   // ten steps: a start at the subscribe tick is common
        var (timed, movedDispose, movedSubscriber) = (0, 0, 0)
        try Self.forEachRewritten(by: ScenarioShape.synchronousTimed, of: shape, seeds: 600, size: 10, shorter: false) { scenario, replayed in
            let step = scenario.subscribed + shape.tickStep
            #expect(scenario.sources[0].flavor == .synchronous && replayed.sources[0].flavor == .hot)
            #expect(replayed.sources[0].events == scenario.sources[0].events.map { TimelineEvent(step, $0.value) })
            #expect(replayed.disposed == (scenario.disposed == scenario.subscribed ? step : scenario.disposed))
            #expect(replayed.extraSubscribers.map(\.subscribe)
                    == scenario.extraSubscribers.map { $0.subscribe == scenario.subscribed ? step : $0.subscribe })
            #expect(replayed.parameters == scenario.parameters)
            timed += 1
            if scenario.disposed == scenario.subscribed { movedDispose += 1 }
            if scenario.extraSubscribers.contains(where: { $0.subscribe == scenario.subscribed }) { movedSubscriber += 1 }
        }
        #expect(timed >= 50)
        #expect(movedDispose >= 3)
        #expect(movedSubscriber >= 3)
    }

    /// A cold source becomes a hot one whose events fall where the main subscription or an extra
    /// subscriber saw them, or a step later; the other sources and the windows stay as they were.
    @Test func coldTimed_putsTheEventsWhereASubscriberSawThem() throws {
        var shape = ScenarioShape.hot(2)
        shape.flavors = .mixed
        shape.extraSubscribers = 0...2
        shape.disposed = 400
        var (timed, late) = (0, 0)
        try Self.forEachRewritten(by: shape.coldTimed, of: shape, seeds: 300, size: 5, shorter: false) { scenario, replayed in
            let changed = scenario.sources.indices.filter { replayed.sources[$0] != scenario.sources[$0] }
            let index = try #require(changed.first)
            #expect(changed.count == 1)
            let (cold, hot) = (scenario.sources[index], replayed.sources[index])
            #expect(cold.flavor == .cold && hot.flavor == .hot)
            let starts = [scenario.subscribed] + scenario.extraSubscribers.map(\.subscribe)
            let seen = starts.flatMap { start in [0, shape.tickStep].map { late in cold.events.map { TimelineEvent(start + late + $0.tick, $0.value) } } }
            #expect(seen.contains(hot.events))
            #expect(replayed.extraSubscribers == scenario.extraSubscribers && replayed.disposed == scenario.disposed)
            timed += 1
            if scenario.extraSubscribers.contains(where: { start in hot.events.first?.tick == (cold.events.first?.tick ?? 0) + start.subscribe + shape.tickStep }) { late += 1 }
        }
        #expect(timed >= 50)
        #expect(late >= 10)
    }

    /// An extra subscriber that starts with the main subscription is dropped and the main
    /// subscription ends where it did (at the window's last step at most): one subscriber fewer,
    /// fewer choices, the rest as it was.
    @Test func mainTakesSubscriberWindow_dropsTheSubscriberItEndsLike() throws {
        var shape = ScenarioShape.hot(1)
        shape.extraSubscribers = 0...3
        shape.disposed = 300
        var taken = 0
        let lastStep = shape.disposed - shape.tickStep
        try Self.forEachRewritten(by: ScenarioShape.mainTakesSubscriberWindow, of: shape, seeds: 400, size: 5) { scenario, replayed in
            let dropped = try #require(scenario.extraSubscribers.indices.first {
                var rest = scenario.extraSubscribers
                rest.remove(at: $0)
                return scenario.extraSubscribers[$0].subscribe == scenario.subscribed && rest == replayed.extraSubscribers
            })
            #expect(replayed.disposed == min(scenario.extraSubscribers[dropped].unsubscribe, lastStep))
            #expect(replayed.sources == scenario.sources)
            taken += 1
        }
        #expect(taken >= 10)
    }

    /// An inner source goes and everything that named an inner still names the same one: each
    /// element of every source (the large case's too) and the feedback's target; one inner fewer,
    /// fewer choices.
    @Test func droppingInner_keepsWhatEachElementNames() throws {
        var shape = Self.foldingShape(inners: 1...3, largePercent: 40)
        shape.sources = 1...2
        shape.largeEvents = 0...2
        shape.feedbackPercent = 30
        var (dropped, large, fedBack) = (0, 0, 0)
        // The large case's waiting inner: a hot completion one step after the subscription, which
        // it draws only over two inners or more.
        let waiting = SourceTimeline(.hot, [TimelineEvent(shape.subscribed + shape.tickStep, .completed)])
        try Self.forEachRewritten(by: shape.droppingInner, of: shape, seeds: 1_500, size: 10) { scenario, replayed in
            #expect(replayed.inners.count == scenario.inners.count - 1)
            // The same timeline — or the large case's "just" inner, which delivers its own number.
            func sameInner(_ old: Int, _ new: Int) -> Bool {
                let (before, after) = (scenario.inners[old], replayed.inners[new])
                return before == after || before.flavor == .synchronous && after.flavor == .synchronous
                    && before.events.map { $0.value == .next(old) ? .next(new) : $0.value } == after.events.map(\.value)
            }
            #expect(replayed.sources.map(\.flavor) == scenario.sources.map(\.flavor))
            for (before, after) in zip(scenario.sources, replayed.sources) {
                #expect(before.events.count == after.events.count)
                for case (.next(let old), .next(let new)) in zip(before.events.map(\.value), after.events.map(\.value))
                    where scenario.inners[old] != waiting {
                    #expect(sameInner(old, new))
                }
            }
            if let inner = scenario.feedback?.inner, scenario.inners[inner] != waiting {
                let target = try #require(replayed.feedback?.inner)
                #expect(sameInner(inner, target))
                fedBack += 1
            }
            if scenario.sources[0].events.count > 2 || scenario.sources[0].events.first?.tick == 0 && scenario.sources[0].flavor == .synchronous {
                large += 1
            }
            dropped += 1
        }
        #expect(dropped >= 100)
        #expect(large >= 20)
        #expect(fedBack >= 10)
    }

    /// A large case whose first element's inner waits and whose run's inner completes at once is
    /// drawn over one behavior inner that completes one step after the subscription: all its
    /// elements naming it, shortlex smaller. The first two candidates keep the number of
    /// elements; the next raise it by a few, within the largest count drawn (a failure that
    /// depends on how deep the run goes may need them over the one inner), a little more for a
    /// larger case. Each pair keeps the large case's own completion, then flips it.
    @Test func largeOverBehaviorInner_drawsOneInnerThatWaitsThenCompletesAtOnce() throws {
        var shape = Self.foldingShape(inners: 1...2, largePercent: 100)
        shape.innerFlavors = .mixedWithSynchronous
        shape.largeEvents = 1...40
        let waits = SourceTimeline(.behavior, [TimelineEvent(shape.subscribed + shape.tickStep, .completed)])
        var (offered, raisedTwice, capped) = (0, 0, 0)
        for seed in 0..<600 {
            let random = ChoiceSource(seed: UInt64(seed), size: 10, recordingSpans: true)
            let scenario = try shape.generator.generate(random)
            let candidates = shape.largeOverBehaviorInner.candidates(random.choices, random.spans)
            guard !candidates.isEmpty else { continue }
            offered += 1
            let elements = { (scenario: Scenario) in scenario.sources[0].events.filter { !$0.value.isTerminal }.count }
            var added: [Int] = []
            for (index, candidate) in candidates.enumerated() {
                #expect(shortlexPrecedes(candidate, random.choices))
                let replayed = try shape.generator.generate(ChoiceSource(replaying: candidate, size: 10))
                #expect(replayed.inners == [waits])
                #expect(replayed.sources[0].events.allSatisfy { $0.value == .next(0) || $0.value == .completed })
                let completes = { (scenario: Scenario) in scenario.sources[0].events.last?.value == .completed }
                #expect((completes(replayed) == completes(scenario)) == (index % 2 == 0))
                added.append(elements(replayed) - elements(scenario))
            }
            #expect(added.count % 2 == 0 && added.count <= 6)
            let steps = stride(from: 0, to: added.count, by: 2).map { added[$0] }
            #expect(added == steps.flatMap { [$0, $0] })
            #expect(steps.first == 0 && zip(steps, steps.dropFirst()).allSatisfy { $0 < $1 })
            #expect(elements(scenario) + steps.last! <= 1 + shape.largeEvents.upperBound)
            if steps.count == 3 { raisedTwice += 1 } else { capped += 1 }
        }
        #expect(offered >= 100)
        #expect(raisedTwice >= 20 && capped >= 5)
    }

    /// Hands `body` each case of `seeds` random ones of `shape` that `rewrite` offers candidates
    /// for, with what each candidate replays to; every candidate must be shorter than its case
    /// (or, not `shorter`, shortlex smaller: as long, lower at its first difference).
    static func forEachRewritten(by rewrite: ChoiceRewrite, of shape: ScenarioShape, seeds: Int, size: Int, shorter: Bool = true,
                                 _ body: (_ scenario: Scenario, _ replayed: Scenario) throws -> Void) throws {
        for seed in 0..<seeds {
            let random = ChoiceSource(seed: UInt64(seed), size: size, recordingSpans: true)
            let scenario = try shape.generator.generate(random)
            for candidate in rewrite.candidates(random.choices, random.spans) {
                #expect(shorter ? candidate.count < random.choices.count : shortlexPrecedes(candidate, random.choices))
                try body(scenario, try shape.generator.generate(ChoiceSource(replaying: candidate, size: size)))
            }
        }
    }

    /// One source of any flavour, `inners` inner sources, a large case in `largePercent` of cases.
    static func foldingShape(inners: ClosedRange<Int>, largePercent: Int) -> ScenarioShape {
        var shape = ScenarioShape.hot(1)
        shape.flavors = .mixedWithSynchronous
        shape.inners = inners
        shape.largePercent = largePercent
        return shape
    }

    /// `folded` differs from `original` in one inner alone, which delivers the same element (and
    /// completion) synchronously.
    static func expectJustInnerFolded(_ folded: Scenario, from original: Scenario) throws {
        let changed = folded.inners.indices.filter { folded.inners[$0] != original.inners[$0] }
        let index = try #require(changed.first)
        #expect(changed.count == 1)
        #expect(folded.inners[index].flavor == .synchronous)
        #expect(folded.inners[index].events.map(\.value) == original.inners[index].events.map(\.value))
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
    private static func elements(_ source: ChoiceSource) throws -> Int {
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
