import Foundation
import Testing

/// `rxcheck check --exhaustive K`, as a user runs it.
@Suite struct ExhaustiveCLITests {
    @Test func aCleanScope_printsItsCountsAndItsGuarantee() throws {
        let result = try CLI.run(["check", "map.matchesModel", "--exhaustive", "1", "--grid", "2"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✓ map.matchesModel  "))
        #expect(result.output.contains(" scenarios  "))
        #expect(result.output.contains("no counterexample with at most 1 event on a 2-tick grid"))
    }

    /// The self-test's combineLatest emits before every source has a value: the smallest case
    /// is one element, and the replay line finds it again.
    @Test func aFailure_printsTheSmallestCase_andItsReplayLine() throws {
        let selfTest = ["RXCHECK_SELFTEST": "1"]
        let result = try CLI.run(["check", "selftest.combineLatest", "--exhaustive", "2"], environment: selfTest)
        #expect(result.status == 1)
        #expect(result.output.contains("smallest case (1 event; every scenario with fewer passed):"))
        #expect(result.output.contains("  replay: swift run -c release rxcheck check selftest.combineLatest --exhaustive 2 --grid 3"))
        let again = try CLI.run(["check", "selftest.combineLatest", "--exhaustive", "2", "--grid", "3"], environment: selfTest)
        let strip = { (text: String) in text.replacingOccurrences(of: #"[0-9.]+s\b"#, with: "", options: .regularExpression) }
        #expect(strip(again.output) == strip(result.output))
    }

    @Test func badScopes_areUsageErrors() throws {
        for (arguments, message) in [(["--exhaustive", "7"], "check: --exhaustive takes at most 6 events, got '7'"),
                                     (["--exhaustive", "-1"], "check: --exhaustive needs a whole number of 0 or more, got '-1'"),
                                     (["--grid", "2"], "check: --grid needs --exhaustive"),
                                     (["--exhaustive", "1", "--grid", "9"], "check: --grid takes at most 6 ticks, got '9'"),
                                     (["--exhaustive", "1", "--cases", "5"], "check: --cases has no meaning with --exhaustive")] {
            let result = try CLI.run(["check", "map"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
    }
}
