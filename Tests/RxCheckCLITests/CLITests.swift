// The command line end to end, in child processes: listing, checking, bad input, bench output,
// help, reproduce, save and replay, and nightly's workers, shards and signals. How each command
// locates a crash or a runaway is in CLICrashTests.

import Foundation
import Testing
import RxCheck
import RxTestKit

@Suite(.serialized) struct CLITests {
    @Test func list_namesEveryPropertyWithItsDescription() throws {
        let run = try CLI.run(["list"])
        #expect(run.status == 0)
        #expect(run.output.contains("combineLatest.matchesModel"))
        #expect(run.output.contains("output and every subscription log match the model"))
        let json = try CLI.run(["list", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]]
        #expect((rows?.count ?? 0) > 100)
        #expect(rows?.first?["operator"] != nil)
    }

    @Test func check_namedOperator_passesWithOneLinePerProperty() throws {
        let run = try CLI.run(["check", "zip", "--cases", "50"])
        #expect(run.status == 0)
        #expect(run.output.contains("✓ zip.matchesModel"))
        #expect(run.output.contains("8 passed, 0 failed"))
    }

    @Test func badInput_isOneLineAndExitTwo() throws {
        let cases: [([String], String)] = [
            (["check", "combineLatst"], "no property or operator named 'combineLatst' (closest: combineLatest"),
            (["check", "--cases", "0"], "--cases needs a positive whole number, got '0'"),
            (["check", "--cases", "-3"], "--cases needs a positive whole number, got '-3'"),
            (["check", "zip", "--seeds", "nonexistentdir"], "check: --seeds nonexistentdir: no such folder"),
            (["check", "zip", "--seeds", "Package.swift"], "check: --seeds Package.swift: no such folder"),
            (["check", "zip", "--cases", "9223372036854775807"], "--cases takes at most 100000000 cases, got '9223372036854775807'"),
            (["reproduce", "zip.matchesModel", "--seed", "1", "--cases", "100000001"], "--cases takes at most 100000000 cases"),
            (["reproduce", "zip.matchesModel", "--seed", "nothex"], "--seed needs a seed of 1 to 16 hex digits"),
            (["reproduce", "zip.matchesModel"], "--seed HEX is required"),
            (["reproduce", "zip.matchesModel", "--seed", "1", "--case", "-1"], "--case needs a whole number of 0 or more"),
            (["replay", "missing.seeds"], "replay: missing.seeds: no such file"),
            (["nightly", "--duration", "1s", "--shard", "3/2"], "--shard needs K/N with 1 ≤ K ≤ N, got '3/2'"),
            (["nightly", "--duration", "soon"], "--duration needs a time like 90s, 15m or 8h"),
            (["nightly", "--duration", "1s", "--jobs", "0"], "--jobs needs a positive whole number"),
            (["nightly", "--duration", "1s", "--jobs", "100000"], "--jobs takes at most 256 worker processes, got '100000'"),
            (["nightly", "--duration", "1e400"], "--duration needs a time like 90s, 15m or 8h, got '1e400'"),
            (["nightly", "--duration", "40d"], "--duration takes at most 31d, got '40d'"),
            (["nightly", "--duration", "99999999999999999999h"], "--duration takes at most 31d, got '99999999999999999999h'"),
            (["check", "--frobnicate"], "unknown option --frobnicate"),
            (["chek"], "unknown command 'chek' (did you mean 'check'?)"),
            (["merge", "nope.json"], "merge: nope.json: no such file"),
            (["bench", "--workload", "nope", "--size", "1"], "bench: --workload takes scheduler, property, generation or model, got 'nope'"),
            (["bench", "--workload", "scheduler"], "bench: --workload needs --size N"),
            (["bench", "--only", "speed"], "bench: --only takes scheduler, property, shrinking, challenge, memory, instructions, exhaustive or guided"),
            (["bench", "--only", "shrinking", "--mutant", "no such mutant"], "bench: --mutant 'no such mutant' names no mutant"),
        ]
        for (arguments, message) in cases {
            let run = try CLI.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
            #expect(run.errors.split(separator: "\n").count == 1, "\(arguments): \(run.errors)")
        }
    }

    /// Every figure of the plan comes out beside its target; what this run did not measure is
    /// there too, with no value and no verdict.
    @Test func bench_json_putsEveryFigureBesideItsTarget() throws {
        let run = try CLI.run(["bench", "--json", "--quick", "--only", "property"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        #expect(targets.count == 13)
        let full = try #require(targets.first { ($0["figure"] as? String) == "property, full cases/s" })
        #expect(full["target"] as? Double == 150_000)
        #expect(full["met"] is Bool)
        #expect(((full["value"] as? Double) ?? 0) > 0)
        let notRun = try #require(targets.first { ($0["figure"] as? String)?.hasPrefix("scheduler zip") == true })
        #expect(notRun["value"] is NSNull && notRun["met"] is NSNull)
        #expect(try CLI.run(["bench", "--workload", "property", "--size", "3"]).status == 0)
    }

    /// `--forms` lists a mutant's final forms, each with the seeds that ended there (together
    /// every seed that found it), the first of them and the form's choices, and prints each
    /// once when there are several.
    @Test func bench_forms_listsEveryFinalFormWithItsSeeds() throws {
        let arguments = ["bench", "--only", "shrinking", "--seeds", "6", "--mutant", "catch(sequence:)", "--forms"]
        let json = try #require(try JSONSerialization.jsonObject(with: Data(CLI.run(arguments + ["--json"]).output.utf8)) as? [String: Any])
        let row = try #require((json["shrinking"] as? [[String: Any]])?.first)
        // The targets say over how many seeds the shrinking figures were measured.
        let figures = (json["targets"] as? [[String: Any]])?.compactMap { $0["figure"] as? String } ?? []
        #expect(figures.filter { $0.hasPrefix("shrinking (6 seeds), ") }.count == 3, "\(figures)")
        let forms = try #require(row["forms"] as? [[String: Any]])
        #expect(forms.count == row["distinct_forms"] as? Int)
        #expect(forms.map { $0["seeds"] as? Int ?? 0 }.reduce(0, +) == Int(6 * (row["found_share"] as? Double ?? 0)))
        #expect(forms.allSatisfy { ($0["text"] as? String)?.contains("window: ^") == true })
        #expect(forms.allSatisfy { (1...6).contains($0["first_seed"] as? Int ?? 0) })
        // The choices, as the shrinker ordered them: one line of numbers.
        #expect(forms.allSatisfy { form in
            let lines = (form["text"] as? String ?? "").split(separator: "\n")
            return lines.last.map { $0.hasPrefix("choices: ") && $0.dropFirst(9).split(separator: " ").allSatisfy { UInt64($0) != nil } } ?? false
        })
        let text = try CLI.run(arguments)
        #expect(text.status == 0)
        let printed = text.output.split(separator: "\n").filter { $0.contains(" (the first ") && $0.hasSuffix("):") }
        #expect(printed.count == (forms.count > 1 ? forms.count : 0))
    }

    @Test func help_onEveryCommand() throws {
        for command in ["list", "check", "reproduce", "replay", "nightly", "merge", "bench"] {
            let run = try CLI.run([command, "--help"])
            #expect(run.status == 0, "\(command)")
            #expect(run.output.hasPrefix("usage: rxcheck \(command)"), "\(command)")
        }
        #expect(try CLI.run(["--help"]).output.contains("Exit status: 0 all passed"))
    }

    /// `--version` prints the release, and CHANGELOG.md's newest release is that one.
    @Test func version_isTheChangelogsNewestRelease() throws {
        let run = try CLI.run(["--version"])
        #expect(run.status == 0)
        #expect(run.output == "rxcheck \(RxCheckRelease.current)\n")
        let changelog = try String(contentsOf: CLI.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest?.hasPrefix("## \(RxCheckRelease.current) ") == true, "CHANGELOG's newest heading: \(newest ?? "none")")
    }

    @Test func reproduce_twoProcessesPrintIdenticalBytes() throws {
        let arguments = ["reproduce", "selftest.combineLatest", "--seed", "5eed000020260001", "--case", "4"]
        let first = try CLI.run(arguments, environment: ["RXCHECK_SELFTEST": "1"])
        let second = try CLI.run(arguments, environment: ["RXCHECK_SELFTEST": "1"])
        #expect(first.status == 1)
        #expect(first.output == second.output)
        #expect(first.output.contains("shrunk case"))
        #expect(first.output.contains("original case"))
        #expect(first.output.contains("first difference"))
        #expect(first.output.contains("@Test func regression_selftest_combineLatest_case4()"))
        let json = try CLI.run(arguments + ["--json"], environment: ["RXCHECK_SELFTEST": "1"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["falsified"] as? Bool == true)
        #expect(object?["case"] as? Int == 4)
    }

    @Test func checkSave_thenReplay_andNeverTwice() throws {
        let directory = try CLI.temporaryDirectory()
        let environment = ["RXCHECK_SELFTEST": "1", "RXCHECK_DATE": "2026-11-21"]
        let first = try CLI.run(["check", "selftest.combineLatest", "--save"], in: directory, environment: environment)
        #expect(first.status == 1)
        #expect(first.output.contains("saved to Seeds/selftest.combineLatest.seeds"))
        let second = try CLI.run(["check", "selftest.combineLatest", "--save"], in: directory, environment: environment)
        #expect(second.status == 1)
        let file = directory.appendingPathComponent("Seeds/selftest.combineLatest.seeds")
        let entries = try SeedStore(directory: file.deletingLastPathComponent()).entries(in: file)
        #expect(entries.count == 1)
        let replay = try CLI.run(["replay", "Seeds/selftest.combineLatest.seeds"], in: directory, environment: environment)
        #expect(replay.status == 1)
        #expect(replay.output.contains("still fails"))
    }

    /// check, replay and swift test follow one rule: an entry naming no property is an input
    /// error at its file and line (check used to skip it silently).
    @Test func seedsEntryForAnUnknownProperty_isAnInputErrorInCheckAndReplay() throws {
        let directory = try CLI.temporaryDirectory()
        let seeds = directory.appendingPathComponent("Seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try "# seeds\n\n== zipp.matchesModel seed 5eed000020260001 case 43\ndate: 2026-11-21\nnote: n\ngrid: 10 ticks per frame, column 0 = tick 200\ns0 hot: -|\ns1 hot: -(0|)\nwindow: ^-!\n"
            .write(to: seeds.appendingPathComponent("zipp.matchesModel.seeds"), atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", "zip"], in: directory)
        #expect(check.status == 2)
        #expect(check.errors.contains("check: Seeds/zipp.matchesModel.seeds:3: no property named 'zipp.matchesModel' (closest: zip.matchesModel"))
        let replay = try CLI.run(["replay", "Seeds/zipp.matchesModel.seeds"], in: directory)
        #expect(replay.status == 2)
        #expect(replay.errors.contains("replay: Seeds/zipp.matchesModel.seeds:3: no property named 'zipp.matchesModel'"))
    }

    @Test func replay_corruptFile_namesFileAndLine() throws {
        let directory = try CLI.temporaryDirectory()
        let file = directory.appendingPathComponent("bad.seeds")
        try "== zip.matchesModel seed 0000000000000001 case 2\ndate: 2026-11-21\nnote: n\ngrid: 10 ticks per frame, column 0 = tick 200\ns0 hot: -?\nwindow: ^-!\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let run = try CLI.run(["replay", "bad.seeds"], in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("bad.seeds:5: s0: column 2: unexpected character '?'"))
    }

    @Test func nightly_survivesTrapsAndHangs_andReportsThem() throws {
        let directory = try CLI.temporaryDirectory()
        let run = try CLI.run(["nightly", "selftest.trap", "selftest.hang", "--duration", "10s", "--jobs", "2",
                               "--cases", "200", "--hang-timeout", "2", "--seed", "42",
                               "--report", "r.json", "--junit", "j.xml", "--html", "r.html"],
                              in: directory, environment: ["RXCHECK_SELFTEST": "1", "RXCHECK_DATE": "2026-11-21"], timeout: 60)
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("r.json")))
        #expect(report.failures.contains { $0.kind == "crash" && $0.property == "selftest.trap" && $0.scenario != nil })
        #expect(report.failures.contains { $0.kind == "hang" && $0.property == "selftest.hang" })
        // The run went on after the first crash: more than one job of each property finished.
        #expect(report.properties.allSatisfy { $0.jobs >= 2 })
        // A recorded crash reproduces as that crash.
        let crash = try #require(report.failures.first { $0.kind == "crash" })
        let again = try CLI.run(["reproduce", crash.property, "--seed", crash.seed, "--case", String(crash.case)],
                                environment: ["RXCHECK_SELFTEST": "1"])
        #expect(again.status == 1)
        #expect(again.errors.contains("selftest.trap: 4 arrived three times in a row"))
        #expect(again.output.contains("✗ crashed (SIG"))
        #expect(again.output.contains("in selftest.trap, seed \(crash.seed), case \(crash.case)"))
        // Saved for the regression corpus.
        let seeds = try String(contentsOf: directory.appendingPathComponent("Seeds/selftest.trap.seeds"), encoding: .utf8)
        #expect(seeds.contains("note: crash: worker crashed with signal"))
        let junit = try String(contentsOf: directory.appendingPathComponent("j.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"selftest\" name=\"selftest.trap\">"))
        let html = try String(contentsOf: directory.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(html.contains("<svg"))
        // Every replay line, in every report, carries the variable a self-test property needs
        // and names the release build.
        let line = "RXCHECK_SELFTEST=1 swift run -c release rxcheck reproduce \(crash.property) --seed \(crash.seed) --case \(crash.case)"
        #expect(crash.replay == line)
        #expect(junit.contains(line))
        #expect(html.contains(line))
    }

    /// A guided nightly's failure names its replay with --guided, and that replay finds the same
    /// case again; naming a case the guided search does not fail at first is an input error.
    @Test func nightlyGuided_failureReplaysWithGuided() throws {
        let directory = try CLI.temporaryDirectory()
        let environment = ["RXCHECK_SELFTEST": "1", "RXCHECK_DATE": "2026-11-21"]
        let run = try CLI.run(["nightly", "selftest.combineLatest", "--guided", "--duration", "3s", "--jobs", "1", "--cases", "300",
                               "--seed", "42", "--no-save", "--report", "r.json"], in: directory, environment: environment, timeout: 60)
        #expect(run.status == 1)
        #expect(run.output.contains(", guided"))
        let report = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let failure = try #require(report.failures.first)
        #expect(failure.replay.hasSuffix(" --guided"))
        let again = try CLI.run(["reproduce", failure.property, "--seed", failure.seed, "--case", String(failure.case), "--guided", "--json"],
                                environment: environment)
        #expect(again.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any]
        #expect(object?["case"] as? Int == failure.case)
        #expect((object?["replay"] as? String)?.hasSuffix(" --guided") == true)
        let later = try CLI.run(["reproduce", failure.property, "--seed", failure.seed, "--case", String(failure.case + 1), "--guided"],
                                environment: environment)
        #expect(later.status == 2)
        #expect(later.errors.contains("fails first at case \(failure.case)"))
    }

    @Test func nightly_shardsAreDisjoint_andMergeJoinsThem() throws {
        let directory = try CLI.temporaryDirectory()
        for shard in ["1/2", "2/2"] {
            let run = try CLI.run(["nightly", "map", "--duration", "2s", "--jobs", "1", "--cases", "50", "--seed", "7",
                                   "--shard", shard, "--report", "r\(shard.first!).json", "--no-save"], in: directory)
            #expect(run.status == 0, "\(run.output)\(run.errors)")
        }
        let merged = try CLI.run(["merge", "r1.json", "r2.json", "--report", "all.json"], in: directory)
        #expect(merged.status == 0)
        let report = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("all.json")))
        #expect(report.shards == ["1/2", "2/2"])
        let one = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("r1.json")))
        let two = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("r2.json")))
        #expect(report.totalCases == one.totalCases + two.totalCases)
        let broken = directory.appendingPathComponent("broken.json")
        try "{\"schema\": 3}".write(to: broken, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["merge", "broken.json"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.errors.contains("broken.json: not an rxcheck report"))
        let twice = try CLI.run(["merge", "r1.json", "r1.json"], in: directory)
        #expect(twice.status == 2)
        #expect(twice.errors.contains("merge: r1.json: the same report as r1.json; name each shard once"))
        try FileManager.default.copyItem(at: directory.appendingPathComponent("r1.json"), to: directory.appendingPathComponent("copy.json"))
        let copied = try CLI.run(["merge", "r1.json", "copy.json"], in: directory)
        #expect(copied.status == 2)
    }

    @Test func nightly_sigterm_writesEverythingFoundSoFar() throws {
        let directory = try CLI.temporaryDirectory()
        guard let status = try terminatedNightly(["selftest.combineLatest", "--cases", "100"], after: 3, in: directory) else { return }
        #expect(status == 143)
        let report = try JSONDecoder().decode(NightlyReport.self, from: Data(contentsOf: directory.appendingPathComponent("r.json")))
        #expect(report.interrupted)
        #expect(!report.failures.isEmpty)
    }

    /// Starts `executable` in `directory` (with CI=true), its errors going to a file there.
    func startInBackground(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (Process, URL) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "true"]) { $1 }
        let errors = directory.appendingPathComponent("errors")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return (process, errors)
    }

    /// A worker that cannot be started (here: the binary was removed while the first worker ran)
    /// stops the run with a located error and exit status 2, instead of trying again forever.
    @Test func nightly_stopsWhenAWorkerCannotStart() throws {
        let directory = try CLI.temporaryDirectory()
        let copy = directory.appendingPathComponent("rxcheck-copy")
        try FileManager.default.copyItem(at: CLI.binary, to: copy)
        let (process, errors) = try startInBackground(copy, ["nightly", "combineLatest.matchesModel", "zip.matchesModel", "--duration", "1h",
                                                             "--jobs", "1", "--cases", "20000", "--no-save"], in: directory)
        Thread.sleep(forTimeInterval: 1)
        try FileManager.default.removeItem(at: copy)
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        guard !process.isRunning else {
            process.terminate()
            Issue.record("nightly kept running after its binary went away")
            return
        }
        #expect(process.terminationStatus == 2)
        let text = try String(contentsOf: errors, encoding: .utf8)
        #expect(text.contains("nightly: cannot start a worker (\(copy.path))"), "\(text)")
        #expect(text.components(separatedBy: "cannot start a worker").count == 2, "one line, not a flood")
    }

    /// Every job's worker pipes are closed when it ends: with 48 descriptors free above those
    /// it inherits, a nightly run of hundreds of one-case jobs keeps starting workers to the end
    /// (a leak of two a job stopped such a run after about twenty jobs, a real one after ten
    /// thousand).
    @Test func nightly_closesEachWorkersPipes() throws {
        let directory = try CLI.temporaryDirectory()
        let script = "top=$(ls /proc/$$/fd | sort -n | tail -1); ulimit -n $((top + 48)) && "
            + "exec \"$0\" nightly map.matchesModel --duration 4s --jobs 1 --cases 1 --no-save --report r.json"
        let (process, errors) = try startInBackground(URL(fileURLWithPath: "/bin/sh"), ["-c", script, CLI.binary.path], in: directory)
        process.waitUntilExit()
        let text = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("cannot start a worker"), "\(text)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json"))) as? [String: Any]
        let totals = try #require((report?["properties"] as? [[String: Any]])?.first)
        #expect((totals["jobs"] as? Int ?? 0) > 64, "\(totals)")
        #expect(report?["interrupted"] as? Bool == false)
    }

    /// The replay line of a self-test property carries the variable without which the property
    /// does not exist, and names the release build the README's main job uses.
    @Test func replayLine_ofASelfTestProperty_reproducesWhenPasted() throws {
        let run = try CLI.run(["check", "selftest.combineLatest"], environment: ["RXCHECK_SELFTEST": "1"])
        #expect(run.status == 1)
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("replay: ") })
        #expect(line.contains("replay: RXCHECK_SELFTEST=1 swift run -c release rxcheck reproduce selftest.combineLatest --seed "))
        // Pasted: the variable and the arguments after `swift run -c release rxcheck`.
        let words = line.split(separator: " ").map(String.init)
        let arguments = Array(words.drop { $0 != "rxcheck" }.dropFirst())
        let replayed = try CLI.run(arguments, environment: ["RXCHECK_SELFTEST": "1"])
        #expect(replayed.status == 1, "\(arguments)")
    }

    /// Starts `nightly` on self-test properties (one worker, seed 3, report r.json), sends it
    /// SIGTERM after `seconds`, and returns its exit status, or nil (an issue recorded) when it
    /// did not stop within 20 s.
    func terminatedNightly(_ arguments: [String], after seconds: Double, in directory: URL) throws -> Int32? {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["nightly"] + arguments + ["--duration", "1h", "--jobs", "1", "--seed", "3", "--report", "r.json", "--no-save"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["RXCHECK_SELFTEST"] = "1"
        environment["CI"] = "true"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: seconds)
        process.terminate()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("nightly did not stop within 20 s of SIGTERM")
            return nil
        }
        return process.terminationStatus
    }
}
