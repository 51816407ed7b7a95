import Foundation
import RxCore
import RxTestKit

/// A base for mocks whose functions answer from configurable results, asynchronously, on a
/// background scheduler — so a mock's threading matches production and a test that forgets to
/// wait fails. A function called with no result set fails the test where the mock was created.
///
/// ```swift
/// final class MockUserService: BaseMock, UserService {
///     var fetchResult: SingleResult<User>?
///     func fetch(id: Int) -> Single<User> { mockFunction(returning: fetchResult) }
/// }
/// ```
open class BaseMock {
    /// Where answers are delivered (a private serial Dispatch queue unless given).
    public let scheduler: SchedulerType
    /// How long each answer takes.
    public let delay: RxTimeInterval
    /// Where the mock was created.
    public let place: SourcePlace

    /// A mock answering through `scheduler` after `delay` (on a `TestScheduler` the delay is in ticks).
    public init(scheduler: SchedulerType? = nil, delay: RxTimeInterval = .milliseconds(1), fileID: String = #fileID,
                file: StaticString = #filePath, line: UInt = #line, column: Int = #column) {
        self.scheduler = scheduler ?? SerialDispatchQueueScheduler(internalSerialQueueName: "RxTestKit.BaseMock")
        self.delay = delay
        self.place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
    }

    /// The answer of a function returning a `Single`.
    /// The answer is worked out at the call, on the caller's thread (so a bad result is
    /// reported in the test), and delivered later on the scheduler.
    public func mockFunction<Element>(returning result: SingleResult<Element>?, function: String = #function) -> Single<Element> {
        guard let result else { return unexpected(function, place: place).asSingle() }
        let resolved = result.resolve()
        return later(SingleResult { resolved }.asSingle().asObservable()).asSingle()
    }

    /// The answer of a function returning an `Observable`, worked out at the call.
    public func mockFunction<Element>(returning result: ObservableResult<Element>?, function: String = #function) -> Observable<Element> {
        guard let result else { return unexpected(function, place: place) }
        let resolved = result.resolve()
        return later(Observable.deferred { ObservableResult.observable(resolved) })
    }

    /// The answer of a function returning a `Maybe`, worked out at the call.
    public func mockFunction<Element>(returning result: MaybeResult<Element>?, function: String = #function) -> Maybe<Element> {
        guard let result else { return unexpected(function, place: place).asMaybe() }
        let resolved = result.resolve()
        return later(MaybeResult { resolved }.asMaybe().asObservable()).asMaybe()
    }

    /// The answer of a function returning a `Completable`.
    public func mockFunction(returning result: CompletableResult?, function: String = #function) -> Completable {
        guard let result else { return (unexpected(function, place: place) as Observable<Never>).asCompletable() }
        return later(result.asCompletable().asObservable()).asCompletable()
    }

    private func later<Element>(_ answer: Observable<Element>) -> Observable<Element> {
        answer.delaySubscription(delay, scheduler: scheduler)
    }
}

/// For partial mocks (a real type with some functions mocked): the same answers, with an
/// unexpected call reported at the call itself.
public protocol PartialMock {
    /// Where answers are delivered.
    var mockScheduler: SchedulerType { get }
}

extension PartialMock {
    /// The answer of a function returning a `Single`; no result fails the test at the call.
    public func mockFunction<Element>(returning result: SingleResult<Element>?, function: String = #function,
                                      fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line,
                                      column: Int = #column) -> Single<Element> {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        guard let result else { return unexpected(function, place: place).asSingle() }
        let resolved = result.resolve()
        return SingleResult { resolved }.asSingle().asObservable()
            .delaySubscription(.milliseconds(1), scheduler: mockScheduler).asSingle()
    }

    /// The answer of a function returning an `Observable`; no result fails the test at the call.
    public func mockFunction<Element>(returning result: ObservableResult<Element>?, function: String = #function,
                                      fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line,
                                      column: Int = #column) -> Observable<Element> {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        guard let result else { return unexpected(function, place: place) }
        let resolved = result.resolve()
        return Observable.deferred { ObservableResult.observable(resolved) }
            .delaySubscription(.milliseconds(1), scheduler: mockScheduler)
    }
}

/// Reports an unexpected call where `place` says and answers with `MockError.unexpectedCall`.
private func unexpected<Element>(_ function: String, place: SourcePlace) -> Observable<Element> {
    place.fail("unexpected call to \(function): no result was set on the mock")
    return .error(MockError.unexpectedCall(function))
}
