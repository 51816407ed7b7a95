import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxCore
import RxTestKit

/// One OpenCombine operator in the catalog: how to build it from a scenario's publishers, the
/// scenarios it meets, and — where Combine's documented semantics pin the output down — its
/// model. The shape names only the operator's own parameters; the demand script's come first.
public struct CombineSpec {
    /// The operator, as `rxcheck-opencombine list` groups it (`prefix`, `flatMap.max`).
    public private(set) var name: String
    /// One line: the operator call and what is claimed.
    public let summary: String
    /// Scenarios without the demand parameters.
    public var shape: ScenarioShape
    /// Builds the publisher under test.
    public var build: CombineBuild
    /// The model, run with unlimited demand; nil for operators judged by the generic properties only.
    public let model: ((Scenario) -> Outcome<Int>)?
    /// The model under the subscriber's demand (the scenario's demand parameters), for operators
    /// whose output demand changes beyond delaying it: *matchesModelUnderDemand*.
    public var demandModel: ((Scenario) -> Outcome<Int>)?
    /// Whether every element the operator publishes comes from an element it received when asked,
    /// so that, over lossless sources, finite demand only delays the output (`keepsOrderUnderDemand`).
    public var demandDelaysOnly = true
    /// For an operator of several sources or inner publishers where demand should only delay,
    /// what a subscriber that keeps asking gets in the end (*keepsDelivering*); nil: not judged.
    /// (Operators of one source are judged for stalls by *keepsOrderUnderDemand*.)
    public var delivers: CombineCheck.Delivery?
    /// Contract rules the operator breaks the way Apple's Combine does (shown by a test of
    /// OpenCombine's suite that also runs against Apple's Combine), each with that reason:
    /// *obeysContract* and *matchesModel* do not count breaches of them. FINDINGS.md lists each.
    public var tolerated: [ContractLog.Rule: String] = [:]
    /// The sources the operator's documented behaviour leaves subscribed after the output ended in
    /// this run (*cleansUp* does not hold them to it).
    public var leftOpen: (Scenario, CombineRun) -> Set<SourceName> = { _, _ in [] }
    /// Known bugs of this operator in OpenCombine, each tolerated by its own rule (FINDINGS.md).
    public var findings: [CombineFinding] = []

    public init(_ name: String, _ summary: String, shape: ScenarioShape, build: @escaping CombineBuild,
                model: ((Scenario) -> Outcome<Int>)?) {
        self.name = name
        self.summary = summary
        self.shape = shape
        self.build = build
        self.model = model
    }

    /// The same operator built differently (a mutant in its place), under another name.
    public func with(name: String, build: @escaping CombineBuild) -> CombineSpec {
        var copy = self
        copy.name = name
        copy.build = build
        return copy
    }

    func shape(demand: [ClosedRange<Int>]) -> ScenarioShape {
        var shape = self.shape
        shape.parameters = demand + shape.parameters
        return shape
    }

    /// The operator's properties: *matchesModel* (unlimited demand), *matchesModelUnderDemand*,
    /// *obeysContract*, *cleansUp* and *deterministic* (generated demand), *keepsOrderUnderDemand* and *keepsDelivering*
    /// where they apply.
    public var properties: [Property<Scenario>] {
        var list: [Property<Scenario>] = []
        let build = self.build
        let tolerated = Set(self.tolerated.keys)
        let leftOpen = self.leftOpen
        let findings = self.findings
        let excuses = { (aspect: String) in Excuses(findings, property: "\(self.name).\(aspect)") }
        let unlimited = shape(demand: DemandScript.fixedUnlimited)
        let drawn = shape(demand: DemandScript.drawn)
        if let model {
            list.append(OpenCombineCatalog.property("\(name).matchesModel", "\(summary): output and source logs equal the model's",
                                                   group: name, shape: unlimited) { scenario in
                CombineCheck.matchesModel(scenario, tolerated: tolerated, excuses: excuses("matchesModel"), build: build, model: model)
            })
        }
        if let demandModel {
            var demanding = drawn
            demanding.disposeInsidePercent = 0
            list.append(OpenCombineCatalog.property("\(name).matchesModelUnderDemand",
                                                   "\(summary): under generated demand, output and source logs equal the model's",
                                                   group: name, shape: demanding) { scenario in
                CombineCheck.matchesModel(scenario, tolerated: tolerated, excuses: excuses("matchesModelUnderDemand"), build: build,
                                          model: demandModel)
            })
        }
        list.append(OpenCombineCatalog.property("\(name).obeysContract",
                                               "\(summary): one subscription, no element beyond demand, nothing after the completion",
                                               group: name, shape: drawn) { scenario in
            CombineCheck.obeysContract(scenario, tolerated: tolerated, excuses: excuses("obeysContract"), build: build)
        })
        list.append(OpenCombineCatalog.property("\(name).cleansUp", "\(summary): every upstream released and no timer left once the output ends",
                                               group: name, shape: drawn) { scenario in
            CombineCheck.cleansUp(scenario, leftOpen: leftOpen, excuses: excuses("cleansUp"), build: build)
        })
        list.append(OpenCombineCatalog.property("\(name).deterministic", "\(summary): two runs of a case agree",
                                               group: name, shape: drawn) { scenario in
            CombineCheck.deterministic(scenario, excuses: excuses("deterministic"), build: build)
        })
        if demandDelaysOnly {
            var lossless = drawn
            lossless.flavors = .cold
            lossless.innerFlavors = .cold
            list.append(OpenCombineCatalog.property("\(name).keepsOrderUnderDemand",
                                                   "\(summary): over lossless sources, finite demand publishes a prefix of what unlimited demand does",
                                                   group: name, shape: lossless) { scenario in
                CombineCheck.keepsOrderUnderDemand(scenario, build: build)
            })
        }
        if let delivers {
            var lossless = drawn
            lossless.flavors = .cold
            lossless.innerFlavors = .cold
            lossless.errors = false
            lossless.disposeInsidePercent = 0
            list.append(OpenCombineCatalog.property("\(name).keepsDelivering",
                                                   "\(summary): over lossless sources, a subscriber that keeps asking gets what unlimited demand gets",
                                                   group: name, shape: lossless) { scenario in
                CombineCheck.keepsDelivering(scenario, delivers, excuses: excuses("keepsDelivering"), build: build)
            })
        }
        return list
    }
}
