import AsyncAlgorithmsModels
import RxCheck
import RxCheckAsync
import RxTestKit

/// The swift-async-algorithms catalog: every spec's properties, in a fixed order.
public enum AsyncCatalog {
    /// Every operator and type under test, tolerating the known findings by their rules.
    public static var specs: [AsyncSpec] { specs(tolerating: findings) }

    /// Every operator and type under test, tolerating `findings` (none: judged strictly).
    public static func specs(tolerating findings: [AsyncFinding]) -> [AsyncSpec] {
        untolerated.map { $0.tolerating(findings) }
    }

    /// Every property, judged strictly.
    public static func properties(tolerating findings: [AsyncFinding]) -> [Property<Scenario>] {
        specs(tolerating: findings).flatMap(\.properties)
    }

    static var untolerated: [AsyncSpec] {
        [chain2, chain3, merge2, merge3, zip2, zip3, combineLatest2, combineLatest3,
         removeDuplicates, adjacentPairs, interspersed, compacted, reductions, reductionsInitial,
         chunksOfCount, chunkedBy, chunksOfCountOrSignal, joined, debounce, throttleLatest, throttleOldest, timer,
         channel, throwingChannel, bufferUnbounded, bufferBounded, bufferNewest, bufferOldest, share, flatMapLatest]
    }

    /// Every property.
    public static var all: [Property<Scenario>] { specs.flatMap(\.properties) }

    /// A spec by operator name.
    public static func spec(_ name: String) -> AsyncSpec? { specs.first { $0.name == name } }

    /// A property by name.
    public static func property(named name: String) -> Property<Scenario>? { all.first { $0.name == name } }

    /// The one line that reproduces case `index` of `seed` for property `name`, run from
    /// `Integrations/AsyncAlgorithms/RxCheckAsyncAlgorithms`.
    public static func replayCommand(_ name: String, seed: String, case index: Int?) -> String {
        "swift run -c release rxcheck-async reproduce \(name) --seed \(seed)" + (index.map { " --case \($0)" } ?? "")
    }

    static func property(_ name: String, _ summary: String, group: String, shape: ScenarioShape, subject: AsyncOperator,
                         check: @escaping (Scenario) -> Verdict) -> Property<Scenario> {
        Property.scenario(name, summary: summary, group: group, shape: shape, check: check)
            .replayed(byCommand: { replayCommand(name, seed: $0, case: $1) })
            .described(by: { scenario in
                ScenarioCheck.drawing(scenario)
                    + ["sources: " + scenario.sources.enumerated().map { "s\($0.offset) \(SourceKind($0.element.flavor).rawValue)" }
                        .joined(separator: ", "),
                       ConsumerScript(scenario.parameters, operatorParameters: subject.parameterCount).description]
            }, measure: { $0.eventCount })
    }

    /// Sources buffered, rendezvous or synchronous (hot, cold, synchronous timelines); at most
    /// eight events each.
    static func shape(_ sources: ClosedRange<Int> = 1...1, inners: ClosedRange<Int> = 0...0,
                      parameters: [ClosedRange<Int>] = []) -> ScenarioShape {
        var shape = ScenarioShape()
        shape.sources = sources
        shape.flavors = .mixedWithSynchronous
        shape.behaviorSources = false
        shape.inners = inners
        shape.innerFlavors = .cold
        shape.innerMaxEvents = 4
        shape.maxEvents = 8
        shape.parameters = parameters
        return shape
    }

    /// Buffered sources only, consumed at once: what a timed operator's model predicts.
    static func timedShape(_ shape: ScenarioShape) -> ScenarioShape {
        var timed = shape
        timed.flavors = .hot
        timed.parameters = shape.parameters
        return timed
    }

    /// The consumer's pace in a scenario of `spec`'s shape.
    static func pace(_ scenario: Scenario, operatorParameters: Int) -> Int {
        ConsumerScript(scenario.parameters, operatorParameters: operatorParameters).pace
    }
}
