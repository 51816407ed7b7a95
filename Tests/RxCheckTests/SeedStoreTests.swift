import Foundation
import Testing
import RxCheck
import RxTestKit

@Suite struct SeedStoreTests {
    private func entry(_ scenario: Scenario, note: String = "a note") -> SeedEntry {
        SeedEntry(property: "demo.matchesModel", seed: 0xabc, caseIndex: 3, date: "2026-11-21", note: note, scenario: scenario)
    }

    @Test func text_roundTripsEveryGeneratedScenario() throws {
        var shape = ScenarioShape()
        shape.sources = 0...3
        shape.flavors = .mixedWithSynchronous
        shape.inners = 0...2
        shape.innerFlavors = .mixedWithSynchronous
        shape.values = 15
        shape.errorIdentities = 3
        shape.parameters = [0...30]
        shape.extraSubscribers = 0...2
        shape.disposeInsidePercent = 30
        shape.feedbackPercent = 50
        shape.subscriberActionPercent = 50
        for index in 0..<400 {
            let scenario = try shape.generator.generate(ChoiceSource(seed: UInt64(index) &* 31, size: index % 101))
            let text = entry(scenario).text()
            let parsed = try SeedEntry.parse(text, file: "x.seeds")
            #expect(parsed.count == 1)
            #expect(parsed.first?.scenario == scenario, "\(text)")
        }
    }

    /// A subscriber action names both windows; one naming a window that does not exist, the
    /// same window twice, or subscribing the main window is refused with its line number.
    @Test func subscriberAction_roundTrips_andAWrongWindowIsRefused() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(0))])],
                                extraSubscribers: [Subscription(200, 300), Subscription(205, 400)],
                                subscriberAction: .init(.subscribe, actor: 2, after: 1, target: 1))
        let text = entry(scenario).text()
        #expect(text.contains("subscriber action: window2 subscribes window1 at its element 1"))
        #expect(try SeedEntry.parse(text, file: "x.seeds").first?.scenario == scenario)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("subscriber action:") }! + 1
        for wrong in ["window2 subscribes window3 at its element 1", "window2 disposes window2 at its element 1",
                      "window2 subscribes window at its element 1", "window2 disposes window1 at its element 0",
                      "window2 pokes window1 at its element 1"] {
            let broken = text.replacingOccurrences(of: "window2 subscribes window1 at its element 1", with: wrong)
            do {
                _ = try SeedEntry.parse(broken, file: "x.seeds")
                Issue.record("accepted '\(wrong)'")
            } catch let error as SeedFileError {
                #expect(error.line == line, "\(wrong)")
            }
        }
        // Without further subscribers no action fits: refused at its line, not a trap.
        let alone = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("subscribers:") }
            .joined(separator: "\n").replacingOccurrences(of: "window2 subscribes window1", with: "window disposes window1")
        #expect(throws: SeedFileError.self) { try SeedEntry.parse(alone, file: "x.seeds") }
    }

    /// A value fed back into an inner source names it; a line naming an inner that does not
    /// exist is refused with its line number.
    /// A value fed back into a source other than the first names it; a missing source is refused.
    @Test func feedbackIntoASecondSource_roundTrips_andAMissingSourceIsRefused() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(0))]), SourceTimeline(.hot, [])],
                                feedback: .init(after: 1, value: 4, source: 1))
        let text = entry(scenario).text()
        #expect(text.contains("feedback: 4 after 1 into s1"))
        #expect(try SeedEntry.parse(text, file: "x.seeds").first?.scenario == scenario)
        #expect(throws: SeedFileError.self) { try SeedEntry.parse(text.replacingOccurrences(of: "into s1", with: "into s2"), file: "x.seeds") }
        // Saved before feedback could name a source, JSON still reads as the first source.
        let old = #"{"after":1,"value":4}"#
        #expect(try JSONDecoder().decode(Scenario.Feedback.self, from: Data(old.utf8)) == .init(after: 1, value: 4))
    }

    @Test func feedbackIntoAnInner_roundTrips_andAMissingInnerIsRefused() throws {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(0))])],
                                inners: [SourceTimeline(.hot, [TimelineEvent(220, .next(1))])],
                                feedback: .init(after: 1, value: 4, inner: 0))
        let text = entry(scenario).text()
        #expect(text.contains("feedback: 4 after 1 into inner0"))
        #expect(try SeedEntry.parse(text, file: "x.seeds").first?.scenario == scenario)
        let broken = text.replacingOccurrences(of: "into inner0", with: "into inner5")
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("feedback:") }! + 1
        do {
            _ = try SeedEntry.parse(broken, file: "x.seeds")
            Issue.record("a feedback into a missing inner was accepted")
        } catch let error as SeedFileError {
            #expect(error.file == "x.seeds")
            #expect(error.line == line)
        }
    }

    @Test func propertyNamesWithSpaces_roundTrip() throws {
        var entry = entry(Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1))])]))
        entry.property = "throttle(latest: true).matchesModel"
        let parsed = try SeedEntry.parse(entry.text(), file: "x.seeds")
        #expect(parsed.first?.property == "throttle(latest: true).matchesModel")
        #expect(parsed.first?.scenario == entry.scenario)
    }

    @Test func text_isReadable() {
        let scenario = Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1)), TimelineEvent(230, .completed)]),
                                          SourceTimeline(.cold, [TimelineEvent(20, .error(2))])], disposed: 500)
        #expect(entry(scenario).text() == """
        == demo.matchesModel seed 0000000000000abc case 3
        date: 2026-11-21
        note: a note
        grid: 10 ticks per frame, column 0 = tick 200
        s0 hot: -1-|
        s1 cold: --#
        window: ^-----------------------------!
        errors: s1=2
        """)
    }

    @Test func parse_errorsNameFileAndLine() {
        let bad = """
        # comment
        == demo.matchesModel seed 0000000000000abc case 3
        date: 2026-11-21
        note: n
        grid: 10 ticks per frame, column 0 = tick 200
        s0 hot: -x-|
        window: ^---!
        """
        #expect(throws: SeedFileError(file: "f.seeds", line: 6, message: "s0: column 2: no value for 'x'")) {
            try SeedEntry.parse(bad, file: "f.seeds")
        }
        #expect(throws: SeedFileError(file: "f.seeds", line: 1, message: "expected '== PROPERTY seed HEX case K', found '== nope'")) {
            try SeedEntry.parse("== nope", file: "f.seeds")
        }
        #expect(throws: SeedFileError(file: "f.seeds", line: 1, message: "entry has no 'window:' line")) {
            try SeedEntry.parse("== p seed 00 case 1\ndate: d\nnote: n\ngrid: 10 ticks per frame, column 0 = tick 200", file: "f.seeds")
        }
        #expect(throws: SeedFileError(file: "f.seeds", line: 2, message: "unknown line 'colour:'")) {
            try SeedEntry.parse("== p seed 00 case 1\ncolour: red", file: "f.seeds")
        }
    }

    @Test func save_isAtomicAndDeduplicated() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-seeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SeedStore(directory: directory)
        let first = entry(Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(1))])]))
        let second = entry(Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(220, .next(2))])]), note: "other")
        #expect(try store.save(first))
        #expect(try !store.save(first))
        #expect(try store.save(second))
        let files = try store.files()
        #expect(files.map(\.lastPathComponent) == ["demo.matchesModel.seeds"])
        let entries = try store.entries(in: files[0])
        #expect(entries.map(\.scenario) == [first.scenario, second.scenario])
        #expect(entries.map(\.line) == [3, 10])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    /// Many writers saving into one folder at once (nightly shards sharing `--seeds`, or workers
    /// in one process): every entry must be kept.
    @Test func save_concurrentWriters_loseNoEntry() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-seeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SeedStore(directory: directory)
        let writers = 8
        let perWriter = 25
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 0..<perWriter {
                let value = writer * perWriter + index
                let saved = entry(Scenario(sources: [SourceTimeline(.hot, [TimelineEvent(210, .next(value))])]))
                do { try store.save(saved) } catch { failures.increment() }
            }
        }
        #expect(failures.value == 0)
        let entries = try store.entries(in: store.file(for: "demo.matchesModel"))
        #expect(entries.count == writers * perWriter)
        #expect(Set(entries.compactMap { $0.scenario.sources.first?.events.first?.value }).count == writers * perWriter)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func increment() { lock.lock(); count += 1; lock.unlock() }
}
