import XCTest
import RxCheck
import RxCheckTesting
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
}
