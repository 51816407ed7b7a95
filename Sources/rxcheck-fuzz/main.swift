// rxcheck-fuzz: the fuzz harnesses of RxCheck's readers (Seeds, replay, marbles, reports).
//
// Built as usual, it fuzzes with its own seeded loop (structure-aware mutation, no coverage).
// Built with libFuzzer (`.ci/fuzz` does: `-sanitize=fuzzer` and `-DRXCHECK_LIBFUZZER`), it hands
// the target to libFuzzer's driver, with the structure-aware mutator as its custom mutator, and
// takes libFuzzer's flags and corpus folders after the target's name.

import Foundation
import RxCheck
import RxCheckFuzz

let usage = """
usage: rxcheck-fuzz TARGET [--runs N] [--seconds S] [--seed HEX]   fuzz with the built-in loop
       rxcheck-fuzz TARGET FILE ...                               check the given inputs
       rxcheck-fuzz TARGET --write-corpus FOLDER                  write the starting inputs
       rxcheck-fuzz --list                                        the targets
Built with libFuzzer (.ci/fuzz), 'rxcheck-fuzz TARGET [libFuzzer flags] [CORPUS ...]' runs
libFuzzer instead of the built-in loop.
Exit status: 0 no finding, 1 a finding, 2 usage or input error.
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rxcheck-fuzz: \(message)\n".utf8))
    exit(2)
}

/// Prints a finding and its input (as text and base64) to standard error.
func report(_ target: FuzzTarget, _ input: [UInt8], _ problem: String) {
    let text = String(decoding: input, as: UTF8.self)
    FileHandle.standardError.write(Data("""
    rxcheck-fuzz: \(target.name): \(problem)
    input (\(input.count) bytes, base64 \(Data(input).base64EncodedString())):
    \(text)

    """.utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else { fail(usage) }
if first == "--help" || first == "-h" { print(usage); exit(0) }
if first == "--list" {
    for target in FuzzTarget.all { print(target.name.padding(toLength: 9, withPad: " ", startingAt: 0) + target.summary) }
    exit(0)
}
guard let target = FuzzTarget.named(first) else {
    fail("unknown target '\(first)'; one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
}
arguments.removeFirst()

if arguments.first == "--write-corpus" {
    guard arguments.count == 2 else { fail("--write-corpus takes one folder") }
    let folder = URL(fileURLWithPath: arguments[1])
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, input) in target.corpus().enumerated() {
            try Data(input).write(to: folder.appendingPathComponent("\(target.name)-\(index)"))
        }
    } catch {
        fail("--write-corpus \(arguments[1]): \(error.localizedDescription)")
    }
    exit(0)
}

#if RXCHECK_LIBFUZZER
typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: TestOneInput) -> Int32

@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// The target libFuzzer runs: set once, before the driver starts.
nonisolated(unsafe) var selected = target

/// libFuzzer's hook for a mutator of our own: half the time its byte mutations, half the time
/// the structure-aware ones, seeded by libFuzzer so its runs replay.
@_cdecl("LLVMFuzzerCustomMutator")
func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    if seed % 2 == 0 { return LLVMFuzzerMutate(data, size, maxSize) }
    var mutator = StructureMutator(seed: UInt64(seed))
    let mutated = mutator.mutate(Array(UnsafeBufferPointer(start: data, count: size)), maxSize: maxSize)
    mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: mutated.count) }
    return mutated.count
}

var driverArguments = [CommandLine.arguments[0]] + arguments
var pointers = driverArguments.map { strdup($0) } + [nil]
var count = Int32(driverArguments.count)
let status = pointers.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var base = buffer.baseAddress!
    return LLVMFuzzerRunDriver(&count, &base) { data, size in
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let problem = selected.check(input) {
            report(selected, input, problem)
            abort()
        }
        return 0
    }
}
exit(status)
#else
var runs = 100_000
var seconds = Double.infinity
var seed: UInt64 = 0x5EED_F022
var files: [String] = []
var index = 0
while index < arguments.count {
    let word = arguments[index]
    func value() -> String {
        guard index + 1 < arguments.count else { fail("\(word) needs a value") }
        index += 1
        return arguments[index]
    }
    switch word {
    case "--runs":
        guard let number = Int(value()), number > 0 else { fail("--runs takes a positive number") }
        runs = number
    case "--seconds":
        guard let number = Double(value()), number > 0 else { fail("--seconds takes a positive number") }
        seconds = number
    case "--seed":
        guard let number = SeedFormat.parse(value()) ?? UInt64(arguments[index]) else { fail("--seed takes a hex seed") }
        seed = number
    default:
        guard !word.hasPrefix("-") else { fail("unknown option '\(word)'") }
        files.append(word)
    }
    index += 1
}
if !files.isEmpty {
    var found = false
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { fail("\(file): cannot read the file") }
        if let problem = target.check(Array(data)) {
            report(target, Array(data), problem)
            found = true
        }
    }
    exit(found ? 1 : 0)
}
let run = target.fuzz(inputs: runs, seconds: seconds, seed: seed)
if let (input, problem) = run.finding {
    report(target, input, problem)
    exit(1)
}
print("\(target.name): \(run.inputs) inputs, no finding (seed \(SeedFormat.format(seed)))")
exit(0)
#endif
