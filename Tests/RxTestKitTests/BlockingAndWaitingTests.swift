import Foundation
import Testing
import XCTest
import RxCore
import RxTestKit
import RxTestKitTesting

private let background = SerialDispatchQueueScheduler(internalSerialQueueName: "tests.background")

/// 1, 2, 3 from a background queue, then completed.
private func asyncNumbers() -> Observable<Int> {
    Observable.from([1, 2, 3]).delaySubscription(.milliseconds(5), scheduler: background)
}

@Suite struct BlockingTests {
    @Test func toBlocking_collectsFromABackgroundQueue() throws {
        #expect(try asyncNumbers().toBlocking(timeout: 2).toArray() == [1, 2, 3])
        #expect(try asyncNumbers().toBlocking(timeout: 2).first() == 1)
        #expect(try asyncNumbers().toBlocking(timeout: 2).last() == 3)
        #expect(try Observable.just(7).toBlocking().single() == 7)
        #expect(throws: RxError.moreThanOneElement) { try asyncNumbers().toBlocking(timeout: 2).single() }
    }

    @Test func toBlocking_materialize_reportsElementsAndTheEnding() {
        guard case .completed(let elements) = asyncNumbers().toBlocking(timeout: 2).materialize() else {
            Issue.record("expected completion"); return
        }
        #expect(elements == [1, 2, 3])
        let failing = Observable.concat(Observable.just(1), Observable<Int>.error(TestError(4)))
        guard case .failed(let seen, let error) = failing.toBlocking(timeout: 2).materialize() else {
            Issue.record("expected failure"); return
        }
        #expect(seen == [1] && error as? TestError == TestError(4))
    }

    @Test func toBlocking_timeout_isAClearErrorNotAHang() {
        let started = Date()
        #expect(throws: BlockingTimeout(seconds: 0.2, elementsReceived: 0)) {
            try Observable<Int>.never().toBlocking(timeout: 0.2).toArray()
        }
        #expect(Date().timeIntervalSince(started) < 2)
        #expect("\(BlockingTimeout(seconds: 0.2, elementsReceived: 1))" == "toBlocking: no terminal event within 0.2 s (1 element received)")
    }
}

@Suite struct WaitHelperTests {
    @Test func waitHelpers_returnWhatArrived() {
        #expect(asyncNumbers().waitForCompletion() == [1, 2, 3])
        #expect(Observable<Int>.error(TestError(1)).waitForError() as? TestError == TestError(1))
        #expect(Single.just(5).asObservable().delaySubscription(.milliseconds(2), scheduler: background).asSingle().waitForSuccess() == 5)
        #expect(Single<Int>.error(TestError(2)).waitForError() as? TestError == TestError(2))
        #expect(Maybe.just(6).waitForValue() == 6)
        Maybe<Int>.empty().waitForCompletion()
        #expect(Maybe<Int>.error(TestError(3)).waitForError() as? TestError == TestError(3))
        Completable.empty().waitForCompletion()
        #expect(Completable.error(TestError(4)).waitForError() as? TestError == TestError(4))
    }

    /// Each helper fails at the caller's line, saying what arrived instead.
    @Test func waitHelpers_failAtTheCallersLine_sayingWhatArrived() {
        func expectFailure(_ message: String, line: Int, _ body: () -> Void) {
            withKnownIssue {
                body()
            } matching: { issue in
                issue.sourceLocation?.line == line && "\(issue)".contains(message)
            }
        }
        expectFailure("waitForCompletion: expected completion, got error TestError(1) after 1 element [1]", line: #line + 1) {
            Observable.concat(Observable.just(1), Observable<Int>.error(TestError(1))).waitForCompletion()
        }
        expectFailure("waitForCompletion: no terminal event within 0.1 s (0 elements received)", line: #line + 1) {
            Observable<Int>.never().waitForCompletion(timeout: 0.1)
        }
        expectFailure("waitForError: expected an error, the sequence completed after 3 elements [1, 2, 3]", line: #line + 1) {
            Observable.of(1, 2, 3).waitForError()
        }
        expectFailure("waitForSuccess: expected a value, got error TestError(2)", line: #line + 1) {
            Single<Int>.error(TestError(2)).waitForSuccess()
        }
        expectFailure("waitForError: expected an error, got the value 5", line: #line + 1) {
            Single.just(5).waitForError()
        }
        expectFailure("waitForValue: expected a value, the maybe completed empty", line: #line + 1) {
            Maybe<Int>.empty().waitForValue()
        }
        expectFailure("waitForCompletion: expected an empty completion, got the value 6", line: #line + 1) {
            Maybe.just(6).waitForCompletion()
        }
        expectFailure("waitForError: expected an error, got an empty completion", line: #line + 1) {
            Maybe<Int>.empty().waitForError()
        }
        expectFailure("waitForCompletion: expected completion, got error TestError(4)", line: #line + 1) {
            Completable.error(TestError(4)).waitForCompletion()
        }
        expectFailure("waitForError: expected an error, the completable completed", line: #line + 1) {
            Completable.empty().waitForError()
        }
    }
}

/// The same helpers report through XCTest when not inside a Swift Testing test.
final class WaitHelperXCTests: XCTestCase {
    private var failures: [(String, Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        if capturing { failures.append((description, lineNumber)) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testWaitForCompletion_failsAtTheCallersLineInXCTest() {
        capturing = true
        let line = #line + 1
        Observable<Int>.error(TestError(1)).waitForCompletion()
        capturing = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.1, line)
        XCTAssertTrue(failures.first?.0.contains("expected completion, got error TestError(1)") ?? false)
    }

    func testWaitForSuccess_returnsTheValue() {
        XCTAssertEqual(Single.just(3).waitForSuccess(), 3)
    }
}
