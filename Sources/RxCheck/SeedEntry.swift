import Foundation
import RxCore
import RxTestKit

/// One regression entry: a shrunk failing scenario and where it came from. The scenario is
/// stored as marbles, so it stays meaningful when generators change.
public struct SeedEntry: Equatable, Sendable {
    /// The property the case falsified.
    public var property: String
    /// The run's seed.
    public var seed: UInt64
    /// The case index within the run.
    public var caseIndex: Int
    /// When it was found (`yyyy-mm-dd`).
    public var date: String
    /// What the bug was, in one sentence.
    public var note: String
    /// The shrunk case.
    public var scenario: Scenario
    /// The line of the entry's header in its file (1-based; 0 when not read from a file).
    public var line: Int = 0

    /// An entry read from nowhere yet: `line` is 0 until it is read from a file.
    public init(property: String, seed: UInt64, caseIndex: Int, date: String, note: String, scenario: Scenario) {
        self.property = property
        self.seed = seed
        self.caseIndex = caseIndex
        self.date = date
        self.note = note
        self.scenario = scenario
    }

    public static func == (lhs: SeedEntry, rhs: SeedEntry) -> Bool {
        lhs.property == rhs.property && lhs.seed == rhs.seed && lhs.caseIndex == rhs.caseIndex
            && lhs.date == rhs.date && lhs.note == rhs.note && lhs.scenario == rhs.scenario
    }
}

/// A seed file that does not parse: which file, which line, what is wrong.
public struct SeedFileError: Error, CustomStringConvertible, Equatable {
    /// The file's path.
    public let file: String
    /// The 1-based line (0: the file as a whole).
    public let line: Int
    /// What is wrong there.
    public let message: String

    /// An error at `line` of `file`.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `Seeds/zip.matchesModel.seeds:12: …` — the compiler's format, so editors jump to it.
    public var description: String { "\(file):\(line): \(message)" }
}
