import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

/// The OpenCombine catalog: every spec's properties, in a fixed order.
public enum OpenCombineCatalog {
    /// Every operator under test, each tolerating its known findings (`findings`) by their rules.
    public static var specs: [CombineSpec] {
        operators.map { spec in
            var spec = spec
            spec.findings = findings.filter { $0.spec == spec.name }
            return spec
        }
    }

    private static var operators: [CombineSpec] {
        [map, filter, compactMap, scan, removeDuplicates, prefix, dropFirst, prefixWhile, dropWhile,
         first, last, reduce, collect, collectByCount, ignoreOutput, count, contains, allSatisfy,
         prefixUntilOutput, dropUntilOutput, append, flatMap, flatMapMaxPublishers, switchToLatest,
         catchOperator, replaceError, retry, replaceEmpty, debounce, delay, timeout, receiveOn, subscribeOn,
         zip, throttleLatest, throttleFirst, share, multicastAutoconnect, buffer, measureInterval]
    }

    /// Every property.
    public static var all: [Property<Scenario>] { specs.flatMap(\.properties) }

    /// A spec by operator name.
    public static func spec(_ name: String) -> CombineSpec? { specs.first { $0.name == name } }

    /// A property by name.
    public static func property(named name: String) -> Property<Scenario>? { all.first { $0.name == name } }

    /// The one line that reproduces case `index` of `seed` for property `name`, run from
    /// `Integrations/OpenCombine`.
    public static func replayCommand(_ name: String, seed: String, case index: Int?) -> String {
        "swift run -c release rxcheck-opencombine reproduce \(name) --seed \(seed)" + (index.map { " --case \($0)" } ?? "")
    }

    static func property(_ name: String, _ summary: String, group: String, shape: ScenarioShape,
                         check: @escaping (Scenario) -> Verdict) -> Property<Scenario> {
        Property.scenario(name, summary: summary, group: group, shape: shape, check: check)
            .replayed(byCommand: { replayCommand(name, seed: $0, case: $1) })
            .described(by: { scenario in
                [DemandScript(parameters: scenario.parameters, subscribed: scenario.subscribed).description]
                    + ScenarioCheck.drawing(scenario)
            }, measure: { $0.eventCount })
    }

    /// Sources hot, cold, synchronous or behavior; inners too; one observer in ten cancels from
    /// inside `receive(_:)`.
    static func shape(_ sources: ClosedRange<Int> = 1...1, inners: ClosedRange<Int> = 0...0,
                      parameters: [ClosedRange<Int>] = []) -> ScenarioShape {
        var shape = ScenarioShape()
        shape.sources = sources
        shape.flavors = .mixedWithSynchronous
        shape.inners = inners
        shape.innerFlavors = .mixedWithSynchronous
        shape.parameters = parameters
        shape.disposeInsidePercent = 10
        return shape
    }

    /// The operator's own parameter `index` in a scenario (after the demand script's).
    static func parameter(_ scenario: Scenario, _ index: Int) -> Int {
        scenario.parameters[DemandScript.parameterCount + index]
    }

    /// An array as one number: a leading 1, then the elements as digits (values are below 10).
    static func encode(_ values: [Int]) -> Int { values.reduce(1) { $0 &* 10 &+ $1 } }
}
