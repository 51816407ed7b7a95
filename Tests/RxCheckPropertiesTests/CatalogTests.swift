import Foundation
import Testing
import RxCheck
import RxCheckProperties
import RxCheckTesting
import RxTestKit

/// Every catalog property: first its stored regressions from Seeds/, then the default
/// number of random cases (as proptest and Hypothesis do).
@Suite struct CatalogTests {
    static let names = Catalog.all.map(\.name)

    @Test(arguments: names)
    func catalogProperty_holds(_ name: String) throws {
        let property = try #require(Catalog.property(named: name))
        SeedCorpus.replay(property)
        check(property)
    }

    /// The catalog's names against a list kept beside this test: a property renamed, lost or
    /// added shows in review as a change to CATALOG.txt, not only in code that builds names.
    /// `RXCHECK_UPDATE_CATALOG_LIST=1 swift test --filter CatalogTests` rewrites the list.
    @Test func catalog_namesMatchTheReviewedList() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CATALOG.txt")
        let current = "# Every property of Catalog.all, in order; CatalogTests compares.\n"
            + Catalog.all.map { "\($0.group)\t\($0.name)" }.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["RXCHECK_UPDATE_CATALOG_LIST"] == "1" {
            try current.write(to: file, atomically: true, encoding: .utf8)
        }
        let reviewed = try String(contentsOf: file, encoding: .utf8)
        let expected = reviewed.split(separator: "\n").dropFirst().map(String.init)
        let actual = current.split(separator: "\n").dropFirst().map(String.init)
        #expect(actual.count == expected.count)
        for (index, pair) in zip(expected, actual).enumerated() where pair.0 != pair.1 {
            Issue.record("entry \(index + 1): CATALOG.txt has '\(pair.0)', the catalog '\(pair.1)'")
            break
        }
        // Every operator group, as listed, carries the four properties every spec must have
        // (cleansUp unless the spec says why its source stays subscribed).
        let groups = Dictionary(grouping: expected.map { $0.split(separator: "\t").map(String.init) }, by: { $0[0] })
        for spec in Catalog.specs {
            let names = Set((groups[spec.name] ?? []).map { $0[1] })
            for aspect in Self.aspects(of: spec) {
                #expect(names.contains("\(spec.name).\(aspect)"), "\(spec.name) lacks \(aspect) in CATALOG.txt")
            }
        }
    }

    @Test func catalog_namesAreUniqueAndGrouped() {
        let all = Catalog.all
        let names = all.map(\.name)
        #expect(Set(names).count == names.count)
        for spec in Catalog.specs {
            let group = all.filter { $0.group == spec.name }.map(\.name)
            for aspect in Self.aspects(of: spec) { #expect(group.contains("\(spec.name).\(aspect)")) }
            // Only a reason given leaves cleansUp out.
            #expect(group.contains("\(spec.name).cleansUp") == (spec.keepsSourceSubscribed == nil))
        }
    }

    /// The properties every spec has: cleansUp unless it keeps its source subscribed, and why.
    static func aspects(of spec: OperatorSpec) -> [String] {
        ["matchesModel", "obeysGrammar"] + (spec.keepsSourceSubscribed == nil ? ["cleansUp"] : []) + ["deterministic"]
    }
}
