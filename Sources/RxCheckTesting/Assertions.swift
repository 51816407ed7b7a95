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

/// XCTest's form of `check`: a falsified property fails the test at the caller's file and line,
/// and its replay line's `--filter` selects the test method that called it.
@discardableResult
public func XCTAssertProperty<Case>(
    _ property: Property<Case>, options: RunOptions = RunOptions(), file: StaticString = #filePath, line: UInt = #line,
    fileID: String = #fileID, function: String = #function
) -> RunReport<Case>? {
    let property = replayingThroughCurrentXCTest(property, fileID: fileID, function: function)
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
    return property.replayed(byTestsMatching: swiftTestFilter(module: test.id.moduleName, path: test.id.nameComponents))
}

/// A property whose replay line is the default one gets a filter that selects the XCTest method
/// running now: `Module.Class/testMethod`, exactly, once the observer has seen the test start;
/// for the first call of a process (the observer is registered then), the method in any class
/// of the calling module.
func replayingThroughCurrentXCTest<Case>(_ property: Property<Case>, fileID: String, function: String) -> Property<Case> {
    guard property.replayTemplate == Property<Case>.defaultReplayTemplate(property.name) else { return property }
    let module = String(fileID.split(separator: "/").first ?? "")
    let method = function.hasSuffix("()") ? String(function.dropLast(2)) : function
    // XCTest names the running test `Class.method`; it is this call's only if the method matches.
    let testCase = RunningXCTest.shared.name.flatMap { name -> String? in
        guard let dot = name.lastIndex(of: "."), name[name.index(after: dot)...] == method else { return nil }
        return String(name[..<dot])
    }
    return property.replayed(byTestsMatching: xcTestFilter(module: module, testCase: testCase, method: method))
}

extension Property {
    /// The default replay line with `swift test --filter` narrowed to `filter`.
    func replayed(byTestsMatching filter: String) -> Property {
        replayed(by: "RXCHECK_SEED={seed} RXCHECK_CASE={case} swift test --filter '\(filter)'")
    }
}

/// The `swift test --filter` pattern for an XCTest method, `Module.Class/method` escaped; with no
/// class, the method in any class of the module.
func xcTestFilter(module: String, testCase: String?, method: String) -> String {
    let escape = NSRegularExpression.escapedPattern(for:)
    guard let testCase else { return escape(module) + "\\.[^/]+/" + escape(method) + "$" }
    return escape(module + "." + testCase + "/" + method) + "$"
}

/// The XCTest case running now, as XCTest names it (`Class.method`), seen by an observer.
final class RunningXCTest: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: RunningXCTest = {
        let observer = RunningXCTest()
        XCTestObservationCenter.shared.addTestObserver(observer)
        return observer
    }()

    private let lock = NSLock()
    private var current: String?

    var name: String? { lock.withLock { current } }

    func testCaseWillStart(_ testCase: XCTestCase) { lock.withLock { current = testCase.name } }
    func testCaseDidFinish(_ testCase: XCTestCase) { lock.withLock { current = nil } }
}

/// The `swift test --filter` pattern for one test: its name as swift test lists it,
/// `Module.Suite/function()`, with every regex character escaped, so parentheses and dots
/// match themselves.
func swiftTestFilter(module: String, path: [String]) -> String {
    NSRegularExpression.escapedPattern(for: module + "." + path.joined(separator: "/"))
}
