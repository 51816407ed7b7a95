import Testing
import RxCheck
import RxCheckProperties
import RxTestKit
import RxCheckMutants

/// Single-step neighbours of a scenario in its decoded form.
enum Neighbours {
    /// The scenario without one event, for every event.
    static func removingOneEvent(_ scenario: Scenario) -> [(String, Scenario)] {
        var result: [(String, Scenario)] = []
        for (isInner, count) in [(false, scenario.sources.count), (true, scenario.inners.count)] {
            for source in 0..<count {
                let events = isInner ? scenario.inners[source].events : scenario.sources[source].events
                for index in events.indices {
                    var copy = scenario
                    if isInner { copy.inners[source].events.remove(at: index) } else { copy.sources[source].events.remove(at: index) }
                    copy.hotOrder = scenario.hotOrder.compactMap { ref in
                        guard ref.inner == isInner, ref.source == source else { return ref }
                        if ref.index == index { return nil }
                        return ref.index > index ? HotEventRef(inner: isInner, source: source, index: ref.index - 1) : ref
                    }
                    result.append(("remove \(isInner ? "inner" : "s")\(source)[\(index)] \(events[index])", copy))
                }
            }
        }
        return result
    }

    /// The scenario with one event a grid step earlier, where it stays in order and on the grid.
    static func movingOneEventEarlier(_ scenario: Scenario, step: Int = 10) -> [(String, Scenario)] {
        var result: [(String, Scenario)] = []
        for (isInner, count) in [(false, scenario.sources.count), (true, scenario.inners.count)] {
            for source in 0..<count {
                let timeline = isInner ? scenario.inners[source] : scenario.sources[source]
                for index in timeline.events.indices {
                    let earlier = timeline.events[index].tick - step
                    // A behavior source's event at the subscribe tick is its initial element: the
                    // generator puts only a first element there.
                    let floor: Int
                    switch timeline.flavor {
                    case .hot: floor = scenario.subscribed
                    case .behavior:
                        let isFirstElement = index == 0 && !timeline.events[index].value.isTerminal
                        floor = isFirstElement ? scenario.subscribed : scenario.subscribed + step
                    case .cold, .synchronous: floor = 0
                    }
                    guard earlier >= floor, index == 0 || timeline.events[index - 1].tick <= earlier else { continue }
                    var copy = scenario
                    if isInner { copy.inners[source].events[index].tick = earlier } else { copy.sources[source].events[index].tick = earlier }
                    // Keep the queue order, re-sorted by the new ticks (stable).
                    copy.hotOrder = scenario.hotOrder.enumerated()
                        .sorted { (copy.event($0.element).tick, $0.offset) < (copy.event($1.element).tick, $1.offset) }
                        .map(\.element)
                    result.append(("move \(isInner ? "inner" : "s")\(source)[\(index)] to \(earlier)", copy))
                }
            }
        }
        return result
    }
}

@Suite struct LocalMinimalityTests {
    /// Removing any single event, or moving any event one grid step earlier, makes the failure
    /// disappear — for every mutant, from three seeds. Mutants that only large cases show are
    /// left out: their counterexample sits at the smallest large case the generator draws, and
    /// one event fewer is outside what it draws.
    @Test(arguments: Mutant.all.filter { $0.needs != .largeCases })
    func shrunkCounterexample_isLocallyMinimal(_ mutant: Mutant) throws {
        let spec = try #require(Catalog.spec(mutant.spec))
        let broken = spec.with(build: mutant.build)
        // The two further seeds search without large cases: none of these mutants needs one, and
        // thousands of events per case would dominate the suite's time.
        let small = spec.without(.largeCases).with(build: mutant.build)
        for seed in [RunOptions().seed, 1, 2] {
            var found: (Property<Scenario>, Scenario)?
            if seed == RunOptions().seed, let result = MutantResult.atDefaults(mutant),
               let property = broken.standardProperties.first(where: { $0.name == result.property }) {
                found = (property, result.shrunk)   // measured once for the whole suite
            }
            for property in small.standardProperties where found == nil {
                if let failure = Runner.run(property, options: RunOptions(seed: seed)).failure {
                    found = (property, failure.shrunk)
                }
            }
            let (property, shrunk) = try #require(found)
            for (change, neighbour) in Neighbours.removingOneEvent(shrunk) + Neighbours.movingOneEventEarlier(shrunk) {
                #expect(!property.check(neighbour).isFailure,
                        "\(mutant.name), seed \(seed): still fails after \(change)\n\(ScenarioCheck.drawing(shrunk).joined(separator: "\n"))")
            }
        }
    }
}
