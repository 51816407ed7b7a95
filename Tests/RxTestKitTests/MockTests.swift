import Foundation
import Testing
import RxCore
import RxTestKit
import RxTestKitTesting

private struct User: Decodable, Equatable {
    let id: Int
    let name: String
}

private protocol UserService {
    func user(id: Int) -> Single<User>
    func users() -> Observable<User>
    func find(name: String) -> Maybe<User>
    func delete(id: Int) -> Completable
}

private final class MockUserService: BaseMock, UserService {
    var userResult: SingleResult<User>?
    var usersResult: ObservableResult<User>?
    var findResult: MaybeResult<User>?
    var deleteResult: CompletableResult?

    func user(id: Int) -> Single<User> { mockFunction(returning: userResult) }
    func users() -> Observable<User> { mockFunction(returning: usersResult) }
    func find(name: String) -> Maybe<User> { mockFunction(returning: findResult) }
    func delete(id: Int) -> Completable { mockFunction(returning: deleteResult) }
}

@Suite struct MockTests {
    @Test func results_answerAsConfigured() {
        let mock = MockUserService()
        mock.userResult = .value(User(id: 1, name: "ada"))
        #expect(mock.user(id: 1).waitForSuccess() == User(id: 1, name: "ada"))
        mock.userResult = .value(json: #"{"id": 2, "name": "grace"}"#)
        #expect(mock.user(id: 2).waitForSuccess() == User(id: 2, name: "grace"))
        var calls = 0
        mock.userResult = .value { calls += 1; return User(id: calls, name: "n") }
        #expect(mock.user(id: 0).waitForSuccess()?.id == 1)
        #expect(mock.user(id: 0).waitForSuccess()?.id == 2)
        mock.userResult = .throw(TestError(5))
        #expect(mock.user(id: 1).waitForError() as? TestError == TestError(5))
        mock.usersResult = .sequence([User(id: 1, name: "a"), User(id: 2, name: "b")])
        #expect(mock.users().waitForCompletion().map(\.id) == [1, 2])
        mock.usersResult = .generate { [User(id: 3, name: "c")] }
        #expect(mock.users().waitForCompletion().map(\.id) == [3])
        mock.findResult = .completed
        mock.find(name: "x").waitForCompletion()
        mock.findResult = .value(json: #"{"id": 4, "name": "x"}"#)
        #expect(mock.find(name: "x").waitForValue()?.id == 4)
        mock.deleteResult = .completed
        mock.delete(id: 1).waitForCompletion()
        mock.deleteResult = .throw(TestError(6))
        #expect(mock.delete(id: 1).waitForError() as? TestError == TestError(6))
    }

    /// Answers arrive on a background queue: code that does not wait sees nothing yet.
    /// (The delay is long enough that a busy machine cannot deliver before the first check.)
    @Test func answersAreAsynchronous_soATestThatDoesNotWaitSeesNothing() {
        let mock = MockUserService(delay: .milliseconds(300))
        mock.userResult = .value(User(id: 1, name: "ada"))
        let box = Box()
        let subscription = mock.user(id: 1).subscribe(onSuccess: { box.set($0) })
        #expect(box.get() == nil)
        subscription.dispose()
        #expect(mock.user(id: 1).waitForSuccess() != nil)
    }

    @Test func unsetResult_isAnUnexpectedCallReportedWhereTheMockWasCreated() {
        let creation = #line + 1
        let mock = MockUserService()
        withKnownIssue {
            _ = mock.user(id: 9).waitForError()
        } matching: { issue in
            issue.sourceLocation?.line == creation && "\(issue)".contains("unexpected call to user(id:): no result was set on the mock")
        }
    }

    @Test func badJSON_failsWhereTheResultWasWritten() {
        let mock = MockUserService()
        let line = #line + 1
        mock.userResult = .value(json: #"{"id": "not a number"}"#)
        withKnownIssue {
            #expect(mock.user(id: 1).waitForError() as? MockError != nil)
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("value(json:): could not decode User")
        }
    }

    @Test func partialMock_reportsAnUnexpectedCallAtTheCall() {
        struct PartialClient: PartialMock {
            let mockScheduler: SchedulerType = SerialDispatchQueueScheduler(internalSerialQueueName: "partial")
            var pingResult: SingleResult<String>?
            func ping() -> Single<String> { mockFunction(returning: pingResult) }
        }
        let client = PartialClient()
        withKnownIssue {
            _ = client.ping().waitForError()
        } matching: { issue in
            "\(issue)".contains("unexpected call to ping()")
        }
        var answering = PartialClient()
        answering.pingResult = .value("pong")
        #expect(answering.ping().waitForSuccess() == "pong")
    }
}

private final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var user: User?
    func set(_ user: User) { lock.lock(); self.user = user; lock.unlock() }
    func get() -> User? { lock.lock(); defer { lock.unlock() }; return user }
}
