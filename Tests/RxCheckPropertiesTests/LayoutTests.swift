import Foundation
import Testing
import RxCheckProperties

/// The name finds the file: every operator in `Sources/RxCore/Operators` has its model, its
/// properties and its RxTest-style tests under the same name, except for the few listed here
/// with where they live instead; every spec declared in `Properties/` is in `Catalog.specs`.
@Suite struct LayoutTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Operators whose parts do not follow the name, and where they are.
    static let elsewhere: [String: (model: String?, properties: String?, tests: String?)] = [
        // Creation operators share one property file and one test file.
        "Create": (nil, "Creation", "Creation"),
        "Deferred": (nil, "Creation", "Creation"),
        "Empty": (nil, "Creation", "Creation"),
        "Error": (nil, "Creation", "Creation"),
        "From": (nil, "Creation", "Creation"),
        "Just": (nil, "Creation", "Creation"),
        "Never": (nil, "Creation", "Creation"),
        "Timer": (nil, "Creation", "Creation"),
        "CatchSequence": (nil, "Catch", nil),
        // debug passes everything through: its properties use the identity (MapModel).
        "Debug": ("Map", nil, nil),
        // single/asSingle/asMaybe/first: one model, one test file.
        "Single+Operator": ("Single", nil, "SingleOperator"),
        // window's properties flatten the windows and compare with buffer's model.
        "Window": ("Buffer", nil, nil),
    ]

    static func names(in folder: String, suffix: String) throws -> Set<String> {
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
        return Set(files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
    }

    @Test func everyOperator_hasItsModelPropertiesAndTests_byName() throws {
        let operators = try Self.names(in: "Sources/RxCore/Operators", suffix: ".swift")
        let models = try Self.names(in: "Sources/RxModels", suffix: "Model.swift")
        let properties = try Self.names(in: "Properties", suffix: "+Properties.swift")
        let tests = try Self.names(in: "Tests/RxCoreTests", suffix: "Tests.swift")
        #expect(operators.count > 60)
        for name in operators.sorted() {
            let listed = Self.elsewhere[name]
            let model = listed?.model ?? name
            let property = listed?.properties ?? name
            let test = listed?.tests ?? name
            #expect(models.contains(model), "\(name): no Sources/RxModels/\(model)Model.swift")
            #expect(properties.contains(property), "\(name): no Properties/\(property)+Properties.swift")
            #expect(tests.contains(test), "\(name): no Tests/RxCoreTests/\(test)Tests.swift")
        }
        // The list names only operators that exist, so it cannot hide a removed one.
        for name in Self.elsewhere.keys { #expect(operators.contains(name), "the list names '\(name)', which has no operator file") }
    }

    @Test func everyDeclaredSpec_isInTheCatalog() throws {
        let folder = Self.root.appendingPathComponent("Properties")
        var declared = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            declared += text.matches(of: /static var [A-Za-z0-9]+: OperatorSpec \{/).count
        }
        // Catalog.specs holds each spec once (CatalogTests checks the names are unique), so a
        // declared spec left out of the list shows as a difference in the counts.
        #expect(declared == Catalog.specs.count, "\(declared) specs declared in Properties/, \(Catalog.specs.count) in Catalog.specs")
    }
}
