import Foundation
import XCTest
import RxCheck
@testable import RxCheckTesting
import RxCore
import RxModels
import RxTestKit

/// The XCTest entry point: a passing property records nothing; a falsified one fails the test
/// at the caller's file and line with the marble report.
final class XCTestAdapterTests: XCTestCase {
    private var recorded: [(description: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        if capturing {
            recorded.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testPassingProperty_recordsNothing() {
        let property = Property.scenario("xctest.map", summary: "", shape: .hot(1)) {
            ScenarioCheck.matchesModel($0, build: { $0.sources[0].map { $0 + 1 } }, model: { MapModel.outcome($0) { $0 + 1 } })
        }
        let report = XCTAssertProperty(property)
        XCTAssertEqual(report?.passed, true)
    }

    func testFalsifiedProperty_failsAtTheCallersLine() {
        let property = Property.scenario("xctest.wrongMap", summary: "", shape: .hot(1)) {
            ScenarioCheck.matchesModel($0, build: { $0.sources[0].map { $0 + 2 } }, model: { MapModel.outcome($0) { $0 + 1 } })
        }
        capturing = true
        let line = #line + 1
        XCTAssertProperty(property)
        capturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertTrue(recorded.first?.description.contains("falsified by case") ?? false)
        XCTAssertTrue(recorded.first?.description.contains("replay: RXCHECK_SEED=") ?? false)
    }

    /// The replay line selects this test method, whatever the property is called: pasted, it
    /// runs this test, and no other.
    func testReplayLine_selectsTheRunningTestMethod() throws {
        let property = Property.scenario("a name unlike the test's", summary: "", shape: .hot(1)) {
            ScenarioCheck.matchesModel($0, build: { $0.sources[0].map { $0 + 2 } }, model: { MapModel.outcome($0) { $0 + 1 } })
        }
        capturing = true
        XCTAssertProperty(property)
        capturing = false
        let description = try XCTUnwrap(recorded.first?.description)
        let line = try XCTUnwrap(description.split(separator: "\n").first { $0.contains("replay: ") })
        let filter = try XCTUnwrap(line.split(separator: "'").dropFirst().first.map(String.init))
        XCTAssertTrue(line.contains("swift test --filter '"))
        let regex = try NSRegularExpression(pattern: filter)
        func matches(_ name: String) -> Bool {
            regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
        XCTAssertTrue(matches("RxCheckTests.XCTestAdapterTests/testReplayLine_selectsTheRunningTestMethod"), filter)
        XCTAssertFalse(matches("RxCheckTests.XCTestAdapterTests/testReplayLine_selectsTheRunningTestMethodToo"), filter)
        XCTAssertFalse(matches("RxCheckTests.XCTestAdapterTests/testFalsifiedProperty_failsAtTheCallersLine"), filter)
    }

    /// Once the observer has seen the test start, the filter names its class exactly, with
    /// every regex character escaped.
    func testReplayLine_namesTheClassOnceTheTestWasSeenStarting() throws {
        RunningXCTest.shared.testCaseWillStart(self)
        defer { RunningXCTest.shared.testCaseDidFinish(self) }
        XCTAssertEqual(RunningXCTest.shared.name?.hasSuffix(".testReplayLine_namesTheClassOnceTheTestWasSeenStarting"), true)
        let property = Property<Int>(name: "p", summary: "", generator: Gen.int(in: 0...3)) { _ in .pass }
        let line = replayingThroughCurrentXCTest(property, fileID: "RxCheckTests/XCTestAdapterTests.swift",
                                                 function: "testReplayLine_namesTheClassOnceTheTestWasSeenStarting()")
            .replayTemplate
        XCTAssertEqual(line, "RXCHECK_SEED={seed} RXCHECK_CASE={case} swift test --filter "
                       + "'RxCheckTests\\.XCTestAdapterTests\\/testReplayLine_namesTheClassOnceTheTestWasSeenStarting$'")
        XCTAssertEqual(xcTestFilter(module: "M", testCase: "C", method: "test(a)"), #"M\.C\/test\(a\)$"#)
    }
}
