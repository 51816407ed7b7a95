// The fuzz harnesses run briefly in the suite (the long, coverage-guided runs are `.ci/fuzz`),
// and the harness itself is held to finding what it looks for.

import Foundation
import RxCheckTesting
import Testing
@testable import RxCheckFuzz

@Suite struct FuzzTargetTests {
    /// Every target keeps its contract on a few hundred structure-mutated inputs.
    @Test(arguments: [("seeds", 400), ("replay", 200), ("marbles", 2_000), ("report", 200)])
    func target_keepsItsContract(name: String, inputs: Int) throws {
        let target = try #require(FuzzTarget.named(name))
        #expect(!target.corpus().isEmpty)
        for input in target.corpus() { #expect(target.check(input) == nil, "\(name): a corpus input breaks the contract") }
        let run = target.fuzz(inputs: inputs, seed: 0x5EED_0000_0000_0045)
        #expect(run.inputs == inputs)
        if let (input, problem) = run.finding {
            Issue.record("\(name): \(problem)\n\(String(decoding: input, as: UTF8.self))")
        }
    }

    /// The mutator reaches the extremes: from a Seeds entry, within a few hundred inputs, it
    /// writes `Int.max` where the entry had a number, and a CRLF line ending — so a target
    /// that breaks on either is found.
    @Test func fuzz_findsWhatACheckRejects() throws {
        let corpus = SeedsCorpus.entries.prefix(3).map { Array($0.utf8) }
        for needle in ["9223372036854775807", "\r\n"] {
            let target = FuzzTarget(name: "probe", summary: "", corpus: { corpus }) { input in
                String(decoding: input, as: UTF8.self).contains(needle) ? "found" : nil
            }
            let run = target.fuzz(inputs: 2_000, seed: 7)
            #expect(run.finding?.problem == "found", "never wrote \(needle.debugDescription) in \(run.inputs) inputs")
        }
    }

    /// Numbers are found where they stand, minus signs included.
    @Test func mutator_findsTheNumbers() {
        let text = Array("grid: 10 ticks, column 0 = tick -200; s0".utf8)
        let numbers = StructureMutator.numbers(in: text).map { String(decoding: text[$0], as: UTF8.self) }
        #expect(numbers == ["10", "0", "-200", "0"])
    }

    /// The same seed draws the same inputs in any run.
    @Test func fuzz_isDeterministic() throws {
        /// What a probe saw; `fuzz` calls its check on one thread, one input after another.
        final class Inputs: @unchecked Sendable { var list: [[UInt8]] = [] }
        var seen: [[[UInt8]]] = []
        for _ in 0..<2 {
            let inputs = Inputs()
            let probe = FuzzTarget(name: "probe", summary: "", corpus: { SeedsCorpus.entries.prefix(2).map { Array($0.utf8) } }) { input in
                inputs.list.append(input)
                return nil
            }
            _ = probe.fuzz(inputs: 50, seed: 11)
            seen.append(inputs.list)
        }
        #expect(seen[0] == seen[1])
    }

    /// The command line: the targets, a short run, and a file checked as an input.
    @Test func commandLine_listsFuzzesAndChecksFiles() throws {
        let list = try Self.run(["--list"])
        #expect(list.status == 0)
        #expect(list.output.split(separator: "\n").map { String($0.prefix(8)).trimmingCharacters(in: .whitespaces) }
                == ["seeds", "replay", "marbles", "report"])
        let fuzz = try Self.run(["marbles", "--runs", "300", "--seed", "5eed000000000001"])
        #expect(fuzz.status == 0)
        #expect(fuzz.output == "marbles: 300 inputs, no finding (seed 5eed000000000001)\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rxcheck-fuzz-\(UUID().uuidString)")
        try Data("10 200 -a-(bc)--|".utf8).write(to: file)
        #expect(try Self.run(["marbles", file.path]).status == 0)
        let unknown = try Self.run(["nonsense"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown target 'nonsense'"))
    }

    static func run(_ arguments: [String]) throws -> ToolRun {
        try ToolProcess.run(ToolProcess.builtBinary(named: "rxcheck-fuzz"), arguments)
    }
}
