import Foundation
import Testing
import RxCheck
import RxCheckProperties
import RxTestKit
import RxCheckMutants

/// The regression corpus in `Seeds/`.
enum SeedCorpus {
    static let store = SeedStore(directory: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Seeds"))

    /// Every entry for `property`, or the parse error of a file (with its line).
    static func entries(for property: String) throws -> [SeedEntry] {
        let file = store.file(for: property)
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        return try store.entries(in: file)
    }

    /// Replays the stored cases of `property`; each must pass now that its bug is fixed.
    static func replay(_ property: Property<Scenario>, sourceLocation: SourceLocation = #_sourceLocation) {
        let entries: [SeedEntry]
        do {
            entries = try SeedCorpus.entries(for: property.name)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return
        }
        for entry in entries {
            if case .fail(let failure) = property.check(entry.scenario) {
                Issue.record(Comment(rawValue: "\(store.file(for: property.name).path):\(entry.line): regression: \(entry.note)\n"
                                     + failure.headline + "\n" + failure.details.joined(separator: "\n")),
                             sourceLocation: sourceLocation)
            }
        }
    }
}

@Suite struct SeedCorpusTests {
    /// Every file parses and every entry names a catalog property that admits its case; a bad
    /// entry fails here, naming its file and line — it is never skipped.
    @Test func everySeedFile_parses_andNamesACatalogProperty() throws {
        let files = try SeedCorpus.store.files()
        #expect(!files.isEmpty)
        for file in files {
            do {
                for entry in try SeedCorpus.store.entries(in: file) {
                    let property = Catalog.property(named: entry.property)
                    #expect(property != nil, "\(file.path):\(entry.line): unknown property \(entry.property)")
                    if let reason = property?.refusal(of: entry.scenario) {
                        Issue.record("\(file.path):\(entry.line): \(entry.property) cannot judge this case: \(reason)")
                    }
                    #expect(file.lastPathComponent == SeedCorpus.store.file(for: entry.property).lastPathComponent,
                            "\(file.path):\(entry.line): entry for \(entry.property) is in the wrong file")
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    /// The mutants' shrunk counterexamples are the corpus: each one a bug that real operators
    /// must never show. `RXCHECK_UPDATE_SEEDS=1 swift test --filter SeedCorpusTests` records
    /// new ones (atomically, never twice).
    @Test func corpus_holdsEveryMutantsCounterexample() throws {
        let update = ProcessInfo.processInfo.environment["RXCHECK_UPDATE_SEEDS"] == "1"
        for mutant in Mutant.all {
            let result = try #require(MutantResult.atDefaults(mutant), "the catalog did not catch: \(mutant.name)")
            if update {
                try SeedCorpus.store.save(SeedEntry(property: result.property, seed: RunOptions().seed,
                                                    caseIndex: result.casesToDetect - 1, date: "2026-11-21",
                                                    note: mutant.name, scenario: result.shrunk))
            }
            let stored = try SeedCorpus.entries(for: result.property)
            #expect(stored.contains { $0.scenario == result.shrunk }, "Seeds/ lacks the counterexample for: \(mutant.name)")
        }
    }
}
