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

    @Test func catalog_namesAreUniqueAndGrouped() {
        let all = Catalog.all
        let names = all.map(\.name)
        #expect(Set(names).count == names.count)
        for spec in Catalog.specs {
            let group = all.filter { $0.group == spec.name }.map(\.name)
            #expect(group.contains("\(spec.name).matchesModel"))
            #expect(group.contains("\(spec.name).obeysGrammar"))
            #expect(group.contains("\(spec.name).cleansUp"))
            #expect(group.contains("\(spec.name).deterministic"))
        }
    }
}
