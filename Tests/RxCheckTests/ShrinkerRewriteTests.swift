// The scenario generator's own rewrites of its choices: each draws the same scenario in other
// choices (or the simpler one it promises), checked over many seeds.

import Testing
@testable import RxCheck
import RxTestKit

extension ShrinkerTests {
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
}

extension ShrinkerTests {
    /// Dropping a further subscriber keeps the subscriber action naming the same two windows:
    /// the candidate draws every window but the dropped one, and the action's actor and target
    /// are those windows, renumbered.
    @Test func droppingSubscriberRenumbering_keepsTheActionOnTheSameWindows() throws {
        var shape = ScenarioShape.hot(1)
        shape.extraSubscribers = 1...3
        shape.subscriberActionPercent = 100
        var offered = 0
        for seed in 0..<400 {
            let random = ChoiceSource(seed: UInt64(seed), size: 50, recordingSpans: true)
            let scenario = try shape.generator.generate(random)
            guard let action = scenario.subscriberAction else { continue }
            let windows = [Subscription(scenario.subscribed, scenario.disposed)] + scenario.extraSubscribers
            for candidate in ScenarioShape.droppingSubscriberRenumbering.candidates(random.choices, random.spans) {
                offered += 1
                #expect(candidate.count < random.choices.count)
                let replayed = try shape.generator.generate(ChoiceSource(replaying: candidate, size: 50))
                #expect(replayed.extraSubscribers.count == scenario.extraSubscribers.count - 1)
                let kept = [Subscription(replayed.subscribed, replayed.disposed)] + replayed.extraSubscribers
                let moved = try #require(replayed.subscriberAction)
                #expect(moved.kind == action.kind && moved.after == action.after)
                #expect(kept[moved.actor] == windows[action.actor] && kept[moved.target] == windows[action.target])
            }
        }
        #expect(offered >= 100)
    }
}
