import Foundation
import Testing
import RxCheck
@testable import RxCheckTesting

@Suite struct ReplayLineTests {
    private static func property(_ name: String) -> Property<Int> {
        Property(name: name, summary: "never fails", generator: Gen<Int>.int(in: 0...9)) { _ in .pass }
    }

    /// The property's name shares nothing with the test's: the line must still select this test.
    @Test func replayLine_selectsTheRunningTest_notThePropertyName() throws {
        let replayed = replayingThroughCurrentTest(Self.property("running maximum"))
        let line = ReportFormatter.replayCommand(replayed, seed: 7, caseIndex: 3)
        let filter = #"RxCheckTests\.ReplayLineTests\/replayLine_selectsTheRunningTest_notThePropertyName\(\)"#
        #expect(line == "RXCHECK_SEED=0000000000000007 RXCHECK_CASE=3 swift test --filter '\(filter)'")
        let regex = try NSRegularExpression(pattern: filter)
        let listed = "RxCheckTests.ReplayLineTests/replayLine_selectsTheRunningTest_notThePropertyName()"
        #expect(regex.firstMatch(in: listed, range: NSRange(listed.startIndex..., in: listed)) != nil)
        let sibling = "RxCheckTests.ReplayLineTests/replayLine_keepsACustomLine()"
        #expect(regex.firstMatch(in: sibling, range: NSRange(sibling.startIndex..., in: sibling)) == nil)
    }

    @Test func replayLine_keepsACustomLine() {
        let custom = Self.property("zip.matchesModel").replayed(by: "swift run -c release rxcheck reproduce zip --seed {seed} --case {case}")
        #expect(replayingThroughCurrentTest(custom).replayTemplate == custom.replayTemplate)
    }

    @Test func filter_escapesEveryRegexCharacter() {
        #expect(swiftTestFilter(module: "M", path: ["S", "f(x:)"]) == #"M\.S\/f\(x:\)"#)
    }
}
