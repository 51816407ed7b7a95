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

    /// Each model is held by its own tests against hand-derived timelines, found by its name.
    @Test func everyModel_hasItsOwnTests() throws {
        let models = try Self.names(in: "Sources/RxModels", suffix: "Model.swift")
        let tests = try Self.names(in: "Tests/RxModelsTests", suffix: "ModelTests.swift")
        #expect(models.count > 50)
        for name in models.sorted() {
            #expect(tests.contains(name), "no Tests/RxModelsTests/\(name)ModelTests.swift for \(name)Model")
        }
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

/// The layers: what each target imports, what Package.swift declares, and the README's table
/// say the same; RxModels holds nothing reactive.
@Suite struct LayerTests {
    static let toolchain: Set<String> = ["Foundation", "Dispatch", "Glibc", "Darwin", "XCTest", "Testing"]
    static let folders = ["RxCore": "Sources/RxCore", "RxTestKit": "Sources/RxTestKit",
                          "RxTestKitTesting": "Sources/RxTestKitTesting", "RxModels": "Sources/RxModels",
                          "RxCheck": "Sources/RxCheck", "RxCheckTesting": "Sources/RxCheckTesting",
                          "RxCheckProperties": "Properties", "RxCheckMutants": "Sources/RxCheckMutants",
                          "RxCheckCLI": "Sources/RxCheckCLI", "rxcheck": "Sources/rxcheck",
                          "RxCheckFuzz": "Sources/RxCheckFuzz", "rxcheck-fuzz": "Sources/rxcheck-fuzz"]

    /// The README's table, target → modules.
    static func readmeTable() throws -> [String: Set<String>] {
        let text = try String(contentsOf: LayoutTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, folders[cells[0]] != nil else { continue }
            table[cells[0]] = cells[1] == "—" ? [] : Set(cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return table
    }

    static func swiftFiles(_ folder: String) throws -> [URL] {
        let root = LayoutTests.root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    static func imports(_ folder: String) throws -> Set<String> {
        try allImports(folder).subtracting(toolchain)
    }

    static func allImports(_ folder: String) throws -> Set<String> {
        var modules: Set<String> = []
        for file in try swiftFiles(folder) {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                   index + 1 < words.count {
                    modules.insert(String(words[index + 1]))
                }
            }
        }
        return modules
    }

    static func declared(_ target: String) throws -> Set<String> {
        let text = try String(contentsOf: LayoutTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex("name: \"\(target)\"[^\\])]*?dependencies: \\[([^\\]]*)\\]")
        guard let match = text.firstMatch(of: pattern), let list = match.output[1].substring else { return [] }
        return Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: ["\""]) }
            .filter { !$0.isEmpty })
    }

    /// What the `rxcheck` tool is built from imports no test framework, so the shipped binary
    /// links neither XCTest nor Swift Testing; the glue lives in the two adapter targets.
    @Test func shippedLayers_importNoTestFramework() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: LayoutTests.root.appendingPathComponent("Sources").path)
        #expect(Set(sources.filter { !$0.hasPrefix(".") }.map { "Sources/\($0)" }).isSubset(of: Set(Self.folders.values)),
                "a target under Sources/ is missing from the layer table")
        for target in ["RxCore", "RxTestKit", "RxModels", "RxCheck", "RxCheckProperties", "RxCheckMutants", "RxCheckCLI", "rxcheck",
                       "RxCheckFuzz", "rxcheck-fuzz"] {
            let imported = try Self.allImports(Self.folders[target]!)
            #expect(imported.isDisjoint(with: ["XCTest", "Testing"]), "\(target) imports a test framework")
        }
    }

    @Test func importsPackageAndReadme_agree() throws {
        let table = try Self.readmeTable()
        #expect(Set(table.keys) == Set(Self.folders.keys), "the README's table names \(table.keys.sorted())")
        for (target, folder) in Self.folders.sorted(by: { $0.key < $1.key }) {
            let expected = table[target] ?? []
            #expect(try Self.imports(folder) == expected, "\(target) imports differ from the README's table")
            #expect(try Self.declared(target) == expected, "\(target)'s Package.swift dependencies differ from the README's table")
        }
    }

    @Test func models_holdNothingReactive() throws {
        let reactive = /\b(Observable|ObservableType|Disposable|Disposables|PublishSubject|BehaviorSubject|ReplaySubject|Producer|Sink|ObserverType|SchedulerType|TestScheduler|Single|Maybe|Completable|Infallible)\b/
        for file in try Self.swiftFiles("Sources/RxModels") {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                #expect(code.firstMatch(of: reactive) == nil, "\(file.lastPathComponent):\(number + 1): \(line)")
            }
        }
    }
}
