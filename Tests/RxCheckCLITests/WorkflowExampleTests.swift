import Foundation
import Testing

/// The GitHub Actions example is copied by users as it is: every rxcheck command in it must be
/// one the CLI accepts. Each runs through the real binary's `--dry-run`, which parses every
/// option and checks every path without running anything.
@Suite struct WorkflowExampleTests {
    static let workflow = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".github/workflows/rxcheck-nightly.yml")

    /// The argument lists after `swift run -c release rxcheck`, with the workflow's expressions
    /// filled in as GitHub would (shard 1, a run id).
    static func commands() throws -> [[String]] {
        let text = try String(contentsOf: workflow, encoding: .utf8)
        let prefix = "swift run -c release rxcheck "
        return text.split(separator: "\n").compactMap { line -> [String]? in
            guard let range = line.range(of: prefix) else { return nil }
            let command = line[range.upperBound...]
                .replacingOccurrences(of: "${{ matrix.shard }}", with: "1")
                .replacingOccurrences(of: "${{ github.run_id }}", with: "7431559012")
            return command.split(separator: " ").map(String.init)
        }
    }

    @Test func everyCommand_parsesInTheRealCLI() throws {
        let commands = try Self.commands()
        #expect(commands.map(\.first) == ["nightly", "merge"])
        let directory = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Seeds"), withIntermediateDirectories: true)
        for arguments in commands {
            #expect(!arguments.joined().contains("${{"), "an expression the test does not fill in: \(arguments)")
            let run = try CLI.run(arguments + ["--dry-run"], in: directory)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
            #expect(run.output.contains("(dry run)"), "\(arguments)")
        }
    }

    @Test func theShardsCoverTheMatrix_andTheMergeReadsEveryShard() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let matrix = try #require(text.split(separator: "\n").first { $0.contains("shard: [") })
        let shards = matrix.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",")
            .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        #expect(shards == Array(1...shards.count))
        let commands = try Self.commands()
        let nightly = try #require(commands.first { $0.first == "nightly" })
        let shardFlag = try #require(nightly.firstIndex(of: "--shard"))
        #expect(nightly[shardFlag + 1] == "1/\(shards.count)")
        let merge = try #require(commands.first { $0.first == "merge" })
        #expect(merge.filter { $0.hasSuffix(".json") && $0.contains("report-") }.count == shards.count)
        #expect(merge.contains("--html"))
    }

    @Test func dryRun_stillRefusesBadInput() throws {
        let run = try CLI.run(["nightly", "--duration", "45m", "--shard", "5/4", "--dry-run"])
        #expect(run.status == 2)
        let merge = try CLI.run(["merge", "--report", "/proc/none/merged.json", "r.json", "--dry-run"])
        #expect(merge.status == 2)
        #expect(merge.errors.contains("merge: --report /proc/none/merged.json: folder /proc/none does not exist"))
    }

    /// The CI example runs exactly the README's two set-up commands, in each of its jobs.
    @Test func ciExample_runsTheReadmesSetUpCommands() throws {
        let root = Self.workflow.deletingLastPathComponent()
        let ci = try String(contentsOf: root.appendingPathComponent("rxcheck-ci.yml"), encoding: .utf8)
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let setUp = readme.components(separatedBy: "## Set up")[1].components(separatedBy: "```sh\n")[1]
            .components(separatedBy: "```")[0].split(separator: "\n")
            .map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(setUp == ["swift run -c release rxcheck check", "swift test"])
        let runs = ci.split(separator: "\n").compactMap { line -> String? in
            let words = line.trimmingCharacters(in: .whitespaces)
            return words.hasPrefix("run: swift ") && !words.hasSuffix("--version") ? String(words.dropFirst(5)) : nil
        }
        #expect(runs == setUp + setUp, "every job runs the README's commands, in order")
    }
}
