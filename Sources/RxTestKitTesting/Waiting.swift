import Foundation
import RxCore
import RxTestKit
import Testing
import XCTest

/// Records a test failure at the caller's line: a Swift Testing issue inside a `@Test`, an
/// XCTest failure otherwise.
public func recordTestFailure(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: Int) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: column))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}

/// Waits for a sequence and describes what arrived, for the wait helpers' messages.
enum Waiter {
    /// The terminal seen (nil on timeout), and the elements before it.
    static func wait<Element>(_ source: Observable<Element>, timeout: TimeInterval)
        -> (MaterializedSequenceResult<Element>?, received: Int) {
        switch source.toBlocking(timeout: timeout).materialize() {
        case .failed(_, let error as BlockingTimeout): return (nil, error.elementsReceived)
        case .completed(let elements): return (.completed(elements: elements), elements.count)
        case .failed(let elements, let error): return (.failed(elements: elements, error: error), elements.count)
        }
    }

    static func describe<Element>(_ elements: [Element]) -> String {
        elements.isEmpty ? "no elements" : "\(elements.count) element\(elements.count == 1 ? "" : "s") \(elements)"
    }

    static func timedOut(_ what: String, _ timeout: TimeInterval, received: Int) -> String {
        "\(what): no terminal event within \(timeout) s (\(received) element\(received == 1 ? "" : "s") received)"
    }
}

extension ObservableType {
    /// Waits for the sequence to complete and returns its elements. An error, or no terminal
    /// within `timeout` seconds, fails the test at the caller's line saying what arrived.
    @discardableResult
    public func waitForCompletion(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                                  line: UInt = #line, column: Int = #column) -> [Element] {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, received) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .completed(let elements)?: return elements
        case .failed(let elements, let error)?:
            place.fail("waitForCompletion: expected completion, got error \(error) after \(Waiter.describe(elements))")
            return elements
        case nil:
            place.fail(Waiter.timedOut("waitForCompletion", timeout, received: received))
            return []
        }
    }

    /// Waits for the sequence to fail and returns the error. Completion, or nothing within
    /// `timeout` seconds, fails the test at the caller's line saying what arrived.
    @discardableResult
    public func waitForError(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                             line: UInt = #line, column: Int = #column) -> Swift.Error? {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, received) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .failed(_, let error)?: return error
        case .completed(let elements)?:
            place.fail("waitForError: expected an error, the sequence completed after \(Waiter.describe(elements))")
        case nil:
            place.fail(Waiter.timedOut("waitForError", timeout, received: received))
        }
        return nil
    }
}

extension Single {
    /// Waits for the single's element. A failure or a timeout fails the test at the caller's line.
    @discardableResult
    public func waitForSuccess(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                               line: UInt = #line, column: Int = #column) -> Element? {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, _) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .completed(let elements)?: return elements.first
        case .failed(_, let error)?:
            place.fail("waitForSuccess: expected a value, got error \(error)")
        case nil:
            place.fail("waitForSuccess: no value within \(timeout) s")
        }
        return nil
    }

    /// Waits for the single to fail. A value or a timeout fails the test at the caller's line.
    @discardableResult
    public func waitForError(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                             line: UInt = #line, column: Int = #column) -> Swift.Error? {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, _) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .failed(_, let error)?: return error
        case .completed(let elements)?:
            place.fail("waitForError: expected an error, got the value \(elements.first.map { "\($0)" } ?? "nil")")
        case nil:
            place.fail("waitForError: no result within \(timeout) s")
        }
        return nil
    }
}

extension Maybe {
    /// Waits for the maybe's value. Completing empty, an error or a timeout fails the test.
    @discardableResult
    public func waitForValue(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                             line: UInt = #line, column: Int = #column) -> Element? {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, _) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .completed(let elements)?:
            if let value = elements.first { return value }
            place.fail("waitForValue: expected a value, the maybe completed empty")
        case .failed(_, let error)?:
            place.fail("waitForValue: expected a value, got error \(error)")
        case nil:
            place.fail("waitForValue: no result within \(timeout) s")
        }
        return nil
    }

    /// Waits for the maybe to complete empty. A value, an error or a timeout fails the test.
    public func waitForCompletion(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                                  line: UInt = #line, column: Int = #column) {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, _) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .completed(let elements)?:
            if let value = elements.first {
                place.fail("waitForCompletion: expected an empty completion, got the value \(value)")
            }
        case .failed(_, let error)?:
            place.fail("waitForCompletion: expected an empty completion, got error \(error)")
        case nil:
            place.fail("waitForCompletion: no result within \(timeout) s")
        }
    }

    /// Waits for the maybe to fail. A value, an empty completion or a timeout fails the test.
    @discardableResult
    public func waitForError(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                             line: UInt = #line, column: Int = #column) -> Swift.Error? {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, _) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .failed(_, let error)?: return error
        case .completed(let elements)?:
            let what = elements.first.map { "the value \($0)" } ?? "an empty completion"
            place.fail("waitForError: expected an error, got \(what)")
        case nil:
            place.fail("waitForError: no result within \(timeout) s")
        }
        return nil
    }
}

extension Completable {
    /// Waits for completion. An error or a timeout fails the test at the caller's line.
    public func waitForCompletion(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                                  line: UInt = #line, column: Int = #column) {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, _) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .completed?: return
        case .failed(_, let error)?:
            place.fail("waitForCompletion: expected completion, got error \(error)")
        case nil:
            place.fail("waitForCompletion: no result within \(timeout) s")
        }
    }

    /// Waits for an error. Completion or a timeout fails the test at the caller's line.
    @discardableResult
    public func waitForError(timeout: TimeInterval = 1, fileID: String = #fileID, file: StaticString = #filePath,
                             line: UInt = #line, column: Int = #column) -> Swift.Error? {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        let (result, _) = Waiter.wait(asObservable(), timeout: timeout)
        switch result {
        case .failed(_, let error)?: return error
        case .completed?:
            place.fail("waitForError: expected an error, the completable completed")
        case nil:
            place.fail("waitForError: no result within \(timeout) s")
        }
        return nil
    }
}
