import Testing
import OpenCombineProperties
import RxCheck
import RxCheckOpenCombine
import RxTestKit

/// Each known finding is tolerated by its own rule, and only by it: without the rule, a property
/// of its operator fails on the defaults; with it, the property passes and counts the cases
/// that showed the finding.
@Suite struct FindingRuleTests {
    static let shownBy: [(finding: String, property: String)] = [
        ("F1", "prefix.matchesModel"),
        ("F2", "delay.obeysContract"), ("F2", "receive.on.obeysContract"), ("F2", "debounce.obeysContract"),
        ("F3", "timeout.cleansUp"),
        ("F4", "flatMap.obeysContract"),
        ("F5", "drop.untilOutputFrom.matchesModel"),
        ("F6", "zip.obeysContract"),
        ("F7", "replaceError.obeysContract"),
        ("F8", "replaceEmpty.obeysContract"),
        ("F9", "zip.keepsDelivering"),
    ]

    @Test(arguments: shownBy.map { "\($0.finding) \($0.property)" })
    func withoutItsRule_thePropertyFails_withItPasses(_ pair: String) throws {
        let parts = pair.split(separator: " ").map(String.init)
        let (id, name) = (parts[0], parts[1])
        let group = try #require(OpenCombineCatalog.property(named: name)).group
        let spec = try #require(OpenCombineCatalog.spec(group))
        #expect(spec.findings.contains { $0.id == id })
        var stripped = spec.with(name: "without\(id).\(group)", build: spec.build)
        stripped.findings.removeAll { $0.id == id }
        let aspect = String(name.dropFirst(group.count + 1))
        let bare = try #require(stripped.properties.first { $0.name == "without\(id).\(group).\(aspect)" })
        #expect(Runner.run(bare).failure != nil, "\(name) passes without \(id)'s rule: the rule is not needed")
        let tolerating = try #require(spec.properties.first { $0.name == name })
        #expect(Runner.run(tolerating).failure == nil)
        #expect(FindingTally.seen(name).contains { $0.finding == id && $0.cases > 0 })
    }

    @Test func everyFinding_isShownByAProperty() {
        let ids = Set(OpenCombineCatalog.findings.map(\.id))
        #expect(ids == Set(Self.shownBy.map(\.finding)))
    }
}
