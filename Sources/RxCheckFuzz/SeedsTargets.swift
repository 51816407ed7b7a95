// The Seeds readers under fuzzing: the parser with its print-back (what it accepts prints to text
// that reads back as the same entry, no longer than the input warrants), and parse-then-replay
// (an entry its property admits runs to a verdict, and the catalog's correct operators pass it).

import Foundation
import RxCheck
import RxCheckProperties
import RxTestKit

extension FuzzTarget {
    /// The Seeds parser and printer.
    public static let seeds = FuzzTarget(
        name: "seeds",
        summary: "Seeds text: accepted or refused at a line; an accepted entry prints back to text that reads as the same entry",
        corpus: { SeedsCorpus.entries.map { Array($0.utf8) } },
        check: { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let entries = try? SeedEntry.parse(text, file: "input") else { return nil }
            for entry in entries {
                let printed = entry.text()
                // Printing may spell out ties and errors the input left implicit, a few bytes per
                // event; never as much as a number in the input asks for.
                if printed.utf8.count > 32 * bytes.count + 4_096 {
                    return "entry at line \(entry.line) prints to \(printed.utf8.count) bytes from \(bytes.count)"
                }
                let again: [SeedEntry]
                do {
                    again = try SeedEntry.parse(printed, file: "printed")
                } catch {
                    return "entry at line \(entry.line) prints to text the parser refuses: \(error)\n\(printed)"
                }
                guard again.count == 1, again[0] == entry else {
                    return "entry at line \(entry.line) prints to text that reads as another entry:\n\(printed)"
                }
            }
            return nil
        })

    /// Parse, then replay against the catalog, as `rxcheck replay` does.
    public static let replay = FuzzTarget(
        name: "replay",
        summary: "Seeds text replayed: an entry its property admits runs without trapping, and the catalog's operators pass it",
        corpus: { SeedsCorpus.entries.map { Array($0.utf8) } },
        check: { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let entries = try? SeedEntry.parse(text, file: "input") else { return nil }
            for entry in entries {
                guard let property = SeedsCorpus.catalog[entry.property], property.refusal(of: entry.scenario) == nil else { continue }
                if case .fail(let failure) = property.check(entry.scenario) {
                    return "\(entry.property) fails a case it admits, on RxCore's correct operator: \(failure.headline)\n"
                        + failure.details.joined(separator: "\n") + "\n" + entry.text()
                }
            }
            return nil
        })
}

/// Well-formed Seeds entries to start from, and the catalog by name.
enum SeedsCorpus {
    /// The catalog, looked up by name once: a replay input names one property.
    nonisolated(unsafe) static let catalog: [String: Property<Scenario>] = {
        var byName: [String: Property<Scenario>] = [:]
        for property in Catalog.all where byName[property.name] == nil { byName[property.name] = property }
        return byName
    }()

    /// One entry for every seventh catalog property, its scenario drawn at a fixed seed and a
    /// middling size, so the corpus holds every source flavour, inners, ties, errors, legends,
    /// parameters, subscribers and observer scripts. Entries over 4 KiB are left out.
    static let entries: [String] = {
        let properties = Catalog.all
        var texts: [String] = []
        for (index, property) in properties.enumerated() where index % 7 == 0 {
            let source = ChoiceSource(seed: 0x5EED_F022 &+ UInt64(index), size: 40)
            guard let scenario = try? property.generator.generate(source) else { continue }
            let entry = SeedEntry(property: property.name, seed: 0x5EED_0000_2026_0001, caseIndex: index,
                                  date: "2026-11-28", note: "fuzz corpus", scenario: scenario)
            let text = entry.text()
            if text.utf8.count <= 4_096 { texts.append(text + "\n") }
        }
        return texts
    }()
}
