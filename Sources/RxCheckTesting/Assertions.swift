import Foundation
import RxCheck
import Testing
import XCTest

/// Runs `property` inside a Swift Testing `@Test`; a falsified property or missed coverage is
/// recorded as an issue at the caller's line, with the marble report and the replay command.
/// Honours `RXCHECK_SEED`, `RXCHECK_CASES` and `RXCHECK_CASE`; a malformed value is an issue too.
@discardableResult
public func check<Case>(
    _ property: Property<Case>, options: RunOptions = RunOptions(),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> RunReport<Case>? {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let resolved: RunOptions
    do {
        resolved = try options.applying(environment: ProcessInfo.processInfo.environment)
    } catch {
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: location)
        return nil
    }
    let property = replayingThroughCurrentTest(property)
    let report = Runner.run(property, options: resolved)
    if !report.passed {
        Issue.record(Comment(rawValue: ReportFormatter.failureText(report, property: property)), sourceLocation: location)
    }
    return report
}

/// XCTest's form of `check`: a falsified property fails the test at the caller's file and line.
@discardableResult
public func XCTAssertProperty<Case>(
    _ property: Property<Case>, options: RunOptions = RunOptions(), file: StaticString = #filePath, line: UInt = #line
) -> RunReport<Case>? {
    let resolved: RunOptions
    do {
        resolved = try options.applying(environment: ProcessInfo.processInfo.environment)
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return nil
    }
    let report = Runner.run(property, options: resolved)
    if !report.passed {
        XCTFail(ReportFormatter.failureText(report, property: property), file: file, line: line)
    }
    return report
}

/// A property whose replay line is the default `swift test --filter` one gets a filter that
/// selects the Swift Testing test running now — its module, suites and function — whatever the
/// property is called. Other replay lines (the catalog's `rxcheck reproduce`) are kept.
func replayingThroughCurrentTest<Case>(_ property: Property<Case>) -> Property<Case> {
    guard let test = Test.current, property.replayTemplate == Property<Case>.defaultReplayTemplate(property.name) else {
        return property
    }
    let filter = swiftTestFilter(module: test.id.moduleName, path: test.id.nameComponents)
    return property.replayed(by: "RXCHECK_SEED={seed} RXCHECK_CASE={case} swift test --filter '\(filter)'")
}

/// The `swift test --filter` pattern for one test: its name as swift test lists it,
/// `Module.Suite/function()`, with every regex character escaped, so parentheses and dots
/// match themselves.
func swiftTestFilter(module: String, path: [String]) -> String {
    NSRegularExpression.escapedPattern(for: module + "." + path.joined(separator: "/"))
}
