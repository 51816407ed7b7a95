import Foundation
import Testing
import RxCheck
import RxTestKit

/// The marble parser and the Seeds parser fed random and mutated text: whatever arrives, they
/// either accept it or throw their own error located inside the input (a column of the
/// diagram, a line of the file) — never a trap, never another error. What the Seeds parser
/// accepts prints back to text that parses to the same entries.
///
/// `swift test` runs 2,000 inputs of each kind; `RXCHECK_FUZZ_INPUTS=100000 swift test --filter
/// ParserFuzzTests` is the long mode (10⁵ of each, about 15 s in a debug build).
@Suite struct ParserFuzzTests {
    static var inputs: Int {
        ProcessInfo.processInfo.environment["RXCHECK_FUZZ_INPUTS"].flatMap(Int.init) ?? 2_000
    }

    /// Draws from a seeded generator, so a finding replays from its index.
    struct Mutator {
        var random: Xoshiro256

        mutating func below(_ bound: Int) -> Int { Int(random.next(below: UInt64(max(1, bound)))) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

        static let marbleAlphabet = Array("-^!|#() 0123456789abxyzé😀\t=,")
        static let numbers = ["0", "-1", "1", "99", "9223372036854775807", "-9223372036854775808",
                              "18446744073709551616", "99999999999999999999999", "1e9", "0x10", "", " "]

        mutating func marble() -> String {
            String((0..<below(24)).map { _ in pick(Self.marbleAlphabet) })
        }

        /// One of: delete, insert, replace, duplicate or truncate a stretch of characters; swap,
        /// drop or duplicate a line; put an extreme number where a number was.
        mutating func mutate(_ text: String) -> String {
            var characters = Array(text)
            switch below(9) {
            case 0 where !characters.isEmpty:
                let start = below(characters.count)
                characters.removeSubrange(start..<min(characters.count, start + 1 + below(8)))
            case 1:
                characters.insert(contentsOf: Array(pick(Self.numbers + [":", "\n", "==", "|", "(", ")", "^", "!", " "])),
                                  at: below(characters.count + 1))
            case 2 where !characters.isEmpty:
                characters[below(characters.count)] = pick(Self.marbleAlphabet + Array(":\n=#"))
            case 3 where !characters.isEmpty:
                let start = below(characters.count)
                let stretch = characters[start..<min(characters.count, start + 1 + below(20))]
                characters.insert(contentsOf: stretch, at: below(characters.count + 1))
            case 4:
                characters = Array(characters.prefix(below(characters.count + 1)))
            case 5, 6, 7:
                var lines = String(characters).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                guard !lines.isEmpty else { break }
                let index = below(lines.count)
                switch below(3) {
                case 0: lines.swapAt(index, below(lines.count))
                case 1: lines.remove(at: index)
                default: lines.insert(lines[index], at: below(lines.count + 1))
                }
                characters = Array(lines.joined(separator: "\n"))
            default:
                let text = String(characters)
                let numbers = text.ranges(of: /[0-9]+/)
                guard !numbers.isEmpty else { break }
                var replaced = text
                replaced.replaceSubrange(pick(numbers), with: pick(Self.numbers))
                characters = Array(replaced)
            }
            return String(characters)
        }
    }

    @Test func marbleParser_acceptsOrLocatesEveryError() {
        var mutator = Mutator(random: Xoshiro256(seed: 0x5EED_F022_0000_0001))
        var accepted = 0
        for index in 0..<Self.inputs {
            var marble = mutator.marble()
            for _ in 0..<mutator.below(3) { marble = mutator.mutate(marble) }
            let length = marble.count
            do {
                _ = try Marbles.events(marble, values: ["a": 1, "b": 2], ticksPerFrame: 1 + mutator.below(20),
                                       origin: mutator.below(1_000))
                accepted += 1
            } catch let error as MarbleSyntaxError {
                #expect((1...length + 1).contains(error.column), "input \(index): \(marble.debugDescription): \(error)")
                #expect(error.marble == marble)
            } catch {
                Issue.record("input \(index): \(marble.debugDescription): not a MarbleSyntaxError: \(error)")
            }
            do {
                _ = try Marbles.subscription(marble, ticksPerFrame: 1 + mutator.below(20), origin: mutator.below(1_000))
            } catch let error as MarbleSyntaxError {
                #expect((1...length + 1).contains(error.column), "input \(index): \(marble.debugDescription): \(error)")
            } catch {
                Issue.record("input \(index): \(marble.debugDescription): not a MarbleSyntaxError: \(error)")
            }
        }
        // Random diagrams are mostly wrong, but not all: the accepting path is exercised too.
        #expect(accepted > Self.inputs / 50)
    }

    @Test func seedsParser_acceptsOrLocatesEveryError_andWhatItAcceptsPrintsBack() throws {
        let corpus = try Self.seedCorpus()
        try #require(corpus.count >= 10)
        var mutator = Mutator(random: Xoshiro256(seed: 0x5EED_F022_0000_0002))
        var accepted = 0
        var rejected = 0
        for index in 0..<Self.inputs {
            var text = mutator.pick(corpus)
            for _ in 0..<(1 + mutator.below(4)) { text = mutator.mutate(text) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                let entries = try SeedEntry.parse(text, file: "fuzz.seeds")
                accepted += 1
                let printed = entries.map { $0.text() }.joined(separator: "\n\n")
                let again = try SeedEntry.parse(printed, file: "printed.seeds")
                #expect(again.map(\.scenario) == entries.map(\.scenario), "input \(index): \(text.debugDescription)")
                #expect(again.map(\.property) == entries.map(\.property), "input \(index)")
            } catch let error as SeedFileError {
                rejected += 1
                #expect(error.file == "fuzz.seeds", "input \(index): \(error)")
                #expect((1...max(1, lines)).contains(error.line), "input \(index): \(text.debugDescription): \(error)")
                #expect(!error.message.isEmpty)
            } catch {
                Issue.record("input \(index): \(text.debugDescription): not a SeedFileError: \(error)")
            }
        }
        #expect(accepted > 0 && rejected > 0, "accepted \(accepted), rejected \(rejected)")
    }

    /// Every entry of the repository's Seeds folder, one per text.
    static func seedCorpus() throws -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Seeds")
        let store = SeedStore(directory: folder)
        return try store.files().flatMap { try store.entries(in: $0) }.map { $0.text() }
    }
}
