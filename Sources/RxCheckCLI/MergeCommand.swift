import Foundation
import RxCheck
import RxTestKit

package enum MergeCommand {
    static var help: String { """
    usage: \(CLI.tool.name) merge REPORT.json ... [--report out.json] [--junit j.xml] [--html r.html] [--dry-run]

    Joins the JSON reports of nightly shards into one: totals add up, every failure is kept.
    Prints the merged JSON when no output file is named. Exit status 1 when any shard found a
    failure, 2 when a report is missing or malformed. --dry-run checks the options and output
    paths and reads nothing.
    """ }

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, command: "merge", valued: ["--report", "--junit", "--html"], bare: ["--dry-run", "--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        guard !arguments.positionals.isEmpty else { throw UsageError("merge: name at least one report") }
        try NightlyCommand.checkOutputs(arguments, command: "merge")
        if arguments.has("--dry-run") {
            print("\(CLI.tool.name) merge (dry run): would join \(arguments.positionals.count) reports")
            return ExitStatus.passed
        }
        var reports: [NightlyReport] = []
        var read: [(path: String, data: Data)] = []
        for path in arguments.positionals {
            guard let isFolder = FilePaths.isFolder(path) else { throw UsageError("merge: \(path): no such file") }
            guard !isFolder else { throw UsageError("merge: \(path): is a folder; name the shards' JSON reports") }
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("merge: \(path): cannot read the file") }
            // The same shard twice would count its cases and failures twice.
            if let earlier = read.first(where: { $0.data == data }) {
                throw UsageError("merge: \(path): the same report as \(earlier.path); name each shard once")
            }
            read.append((path, data))
            reports.append(try Self.read(data, path: path))
        }
        let merged = NightlyReport.merge(reports)
        if arguments.string("--report") == nil && arguments.string("--junit") == nil && arguments.string("--html") == nil {
            print(String(decoding: try merged.json(), as: UTF8.self))
        } else {
            let written = NightlyCommand.write(merged, arguments: arguments, command: "merge")
            print("merged \(reports.count) reports: \(merged.totalCases) cases, \(merged.failures.count) failures")
            if !written { return ExitStatus.usage }
        }
        return merged.failures.isEmpty ? ExitStatus.passed : ExitStatus.failed
    }

    /// One shard report from its bytes, or a usage error naming `path` and where in the JSON
    /// it is wrong. What it returns can be merged and rendered whatever the numbers in it.
    package static func read(_ data: Data, path: String) throws -> NightlyReport {
        let report: NightlyReport
        do {
            report = try JSONDecoder().decode(NightlyReport.self, from: data)
        } catch {
            throw UsageError("merge: \(path): not an rxcheck report (\(describe(error)))")
        }
        if let (place, message) = report.problem() {
            throw UsageError("merge: \(path): at '\(place)': \(message)")
        }
        return report
    }

    /// A decoding error in a reader's words: where in the JSON, and what was wrong there.
    static func describe(_ error: Error) -> String {
        func place(_ path: [CodingKey]) -> String {
            path.isEmpty ? "the top level" : "'" + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "'"
        }
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(place(context.codingPath))"
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " in \(place(context.codingPath))")
        case DecodingError.typeMismatch(let type, let context):
            let named = String(describing: type)
            let expected = named.hasPrefix("Dictionary") ? "an object" : named.hasPrefix("Array") ? "an array"
                : named == "String" ? "a string" : ["Int", "Double", "UInt64"].contains(named) ? "a number"
                : named == "Bool" ? "true or false" : named
            return "\(place(context.codingPath)) should be \(expected)"
        case DecodingError.valueNotFound(_, let context):
            return "missing value at \(place(context.codingPath))"
        default: return FilePaths.reason(error)
        }
    }
}
