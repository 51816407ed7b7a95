// RxCheck's catalog for RxSwift, run in CI against RxCheck's own core through the bridge: every
// catalog spec is bridged or says why not, every bridged property passes on the core it mirrors,
// a broken operator fails, and the command runs it.

import Foundation
import RxCheckTesting
import Testing
import RxCheck
import RxCheckProperties
import RxCheckRxSwift
import RxSwift
import RxSwiftBridge
import RxSwiftCatalog
import RxTestKit

@Suite struct RxSwiftCatalogTests {
    /// The catalog's specs, each bridged or listed with its reason.
    @Test func everyCatalogSpec_isBridgedOrSaysWhyNot() {
        let bridged = Set(RxSwiftCatalog.specs.map(\.name))
        let left = Set(RxSwiftCatalog.notBridged.map(\.name))
        #expect(bridged.isDisjoint(with: left))
        #expect(bridged.union(left) == Set(Catalog.specs.map(\.name)),
                "missing: \(Set(Catalog.specs.map(\.name)).subtracting(bridged.union(left)).sorted())")
        #expect(RxSwiftCatalog.all.count > 500)
    }

    /// Run through the bridge on RxCheck's own core, every property of every bridged spec holds:
    /// the bridge and the builds in RxSwift's terms add nothing of their own. (Judged without
    /// RxSwift's findings: the core has none of those bugs.)
    @Test func everyBridgedProperty_holdsOnTheCoreItMirrors() {
        var failed: [String] = []
        for property in RxSwiftCatalog.properties(tolerating: []) {
            let report = Runner.run(property, options: RunOptions(cases: 40, seed: 0x5EED_0000_0000_0040))
            if !report.passed { failed.append("\(property.name): \(report.failure?.failure.headline ?? "coverage")") }
        }
        #expect(failed.isEmpty, Comment(rawValue: "\(failed.count) failed:\n" + failed.prefix(20).joined(separator: "\n")))
    }

    /// An operator that emits before every source has a value, run through the bridge, fails
    /// combineLatest's model and shrinks to one element.
    @Test func aBrokenOperator_isCaughtThroughTheBridge() throws {
        let spec = try #require(Catalog.spec("combineLatest")).running { scenario in
            RxSwiftBridge.run(BridgeScenario(scenario)) { context in
                Observable.merge(context.sources[0].map { $0 * 10 }, context.sources[1])
            }.scenarioRun
        }
        let matches = try #require(spec.standardProperties.first { $0.name == "combineLatest.matchesModel" })
        let report = Runner.run(matches)
        let failure = try #require(report.failure)
        #expect(failure.shrunk.eventCount == 1, "\(failure.shrunk)")
    }

    /// `rxcheck-rxswift` lists the catalog and checks an operator, exit 0.
    @Test func command_listsAndChecks() throws {
        let list = try Self.run(["list"])
        #expect(list.status == 0)
        #expect(list.output.contains("zip.matchesModel"))
        let check = try Self.run(["check", "zip", "--cases", "50"])
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.output.contains("passed, 0 failed"))
        #expect(try Self.run(["--version"]).output == "rxcheck-rxswift \(RxCheckRelease.current)\n")
    }

    static func run(_ arguments: [String]) throws -> ToolRun {
        try ToolProcess.run(ToolProcess.builtBinary(named: "rxcheck-rxswift"), arguments)
    }
}
