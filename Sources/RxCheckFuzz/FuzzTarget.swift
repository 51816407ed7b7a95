// A fuzz target: one reader of the files RxCheck accepts, with the contract it must keep on any
// input. Run by `rxcheck-fuzz` (under libFuzzer when built with it, or by its own loop) and by
// the test suite; apart from the targets themselves so that both runners share one shape.

import Foundation

/// One reader under fuzzing, and its contract.
///
/// `check` returns nil when the input was accepted and kept the contract, or was refused with a
/// located error; it returns what went wrong otherwise. A trap inside it is a finding too: the
/// runner records the input that caused it.
public struct FuzzTarget: Sendable {
    /// The name `rxcheck-fuzz` takes (`seeds`, `replay`, `marbles`, `report`).
    public let name: String
    /// One line: what is read and what is checked.
    public let summary: String
    /// Inputs to start from: well-formed examples of the format, drawn deterministically.
    public let corpus: @Sendable () -> [[UInt8]]
    /// Checks one input against the contract.
    public let check: @Sendable ([UInt8]) -> String?

    public init(name: String, summary: String, corpus: @escaping @Sendable () -> [[UInt8]],
                check: @escaping @Sendable ([UInt8]) -> String?) {
        self.name = name
        self.summary = summary
        self.corpus = corpus
        self.check = check
    }

    /// Every target, in the order `rxcheck-fuzz --list` prints them.
    public static var all: [FuzzTarget] { [.seeds, .replay, .marbles, .report] }

    /// The target called `name`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// The outcome of a run of the built-in fuzzer.
public struct FuzzRun: Sendable {
    /// Inputs checked.
    public var inputs = 0
    /// The first input that broke the contract, and what it broke; nil when none did.
    public var finding: (input: [UInt8], problem: String)?
}

extension FuzzTarget {
    /// Fuzzes without coverage guidance: each input is a corpus entry put through one to four
    /// mutations (`StructureMutator`, which knows where the formats carry numbers, or a byte
    /// flip), drawn from `seed`. Stops at the first finding, after `inputs` inputs, or when
    /// `seconds` have passed. The same seed and count give the same inputs in any process.
    public func fuzz(inputs: Int, seconds: Double = .infinity, seed: UInt64, maxSize: Int = 4_096) -> FuzzRun {
        var mutator = StructureMutator(seed: seed)
        let starts = corpus()
        var run = FuzzRun()
        let deadline = Date().addingTimeInterval(seconds)
        while run.inputs < inputs && (run.inputs % 64 != 0 || Date() < deadline) {
            var input = starts.isEmpty ? [] : starts[mutator.below(starts.count)]
            for _ in 0...mutator.below(4) { input = mutator.mutate(input, maxSize: maxSize) }
            run.inputs += 1
            if let problem = check(input) {
                run.finding = (input, problem)
                break
            }
        }
        return run
    }
}
