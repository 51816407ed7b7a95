import Foundation
import RxCore
import RxTestKit

/// Where a mock or a mock result was written, for failures reported there.
public struct SourcePlace: Sendable {
    public let fileID: String
    public let filePath: StaticString
    public let line: UInt
    public let column: Int

    public init(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    func fail(_ message: String) {
        recordTestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Errors mocks produce themselves.
public enum MockError: Error, Equatable, CustomStringConvertible {
    /// A mocked function was called with no result configured.
    case unexpectedCall(String)
    /// A `.value(json:)` result did not decode.
    case badJSON(String)

    public var description: String {
        switch self {
        case .unexpectedCall(let function): return "unexpected call to \(function): no result was set"
        case .badJSON(let reason): return "the JSON of a mock result did not decode: \(reason)"
        }
    }
}

/// A mock's answer as a sequence: fixed elements, elements computed at each call, or an error.
public struct ObservableResult<Element> {
    let resolve: () -> Result<[Element], Error>

    /// Emits `elements`, then completes.
    public static func sequence(_ elements: [Element]) -> ObservableResult { ObservableResult { .success(elements) } }

    /// Emits what `generate` returns at each call, then completes; a throw becomes the error.
    public static func generate(_ generate: @escaping () throws -> [Element]) -> ObservableResult {
        ObservableResult { Result { try generate() } }
    }

    /// Fails with `error`.
    public static func `throw`(_ error: Error) -> ObservableResult { ObservableResult { .failure(error) } }

    /// The answer as an observable, resolved at each subscription.
    public func asObservable() -> Observable<Element> {
        let resolve = self.resolve
        return Observable.deferred { Self.observable(resolve()) }
    }

    static func observable(_ resolved: Result<[Element], Error>) -> Observable<Element> {
        switch resolved {
        case .success(let elements): return Observable.from(elements)
        case .failure(let error): return Observable.error(error)
        }
    }
}

/// A mock's answer as a `Single`: a value, a value computed at each call, decoded JSON, or an error.
public struct SingleResult<Element> {
    let resolve: () -> Result<Element, Error>

    /// Succeeds with `value`.
    public static func value(_ value: Element) -> SingleResult { SingleResult { .success(value) } }

    /// Succeeds with what `make` returns at each call; a throw becomes the error.
    public static func value(_ make: @escaping () throws -> Element) -> SingleResult {
        SingleResult { Result { try make() } }
    }

    /// Fails with `error`.
    public static func `throw`(_ error: Error) -> SingleResult { SingleResult { .failure(error) } }

    /// The answer as a single.
    public func asSingle() -> Single<Element> {
        let resolve = self.resolve
        return Single.create { single in
            single(resolve())
            return Disposables.create()
        }
    }
}

extension SingleResult where Element: Decodable {
    /// Succeeds with `json` decoded; JSON that does not decode fails the test where this result
    /// was written, and the single fails with `MockError.badJSON`.
    public static func value(json: String, fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line,
                             column: Int = #column) -> SingleResult {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        return SingleResult { decode(json, as: Element.self, place: place) }
    }
}

/// A mock's answer as a `Maybe`: a value, nothing, or an error.
public struct MaybeResult<Element> {
    let resolve: () -> Result<Element?, Error>

    /// Succeeds with `value`.
    public static func value(_ value: Element) -> MaybeResult { MaybeResult { .success(value) } }

    /// Succeeds with what `make` returns at each call; a throw becomes the error.
    public static func value(_ make: @escaping () throws -> Element) -> MaybeResult {
        MaybeResult { Result { try make() } }
    }

    /// Completes empty.
    public static var completed: MaybeResult { MaybeResult { .success(nil) } }

    /// Fails with `error`.
    public static func `throw`(_ error: Error) -> MaybeResult { MaybeResult { .failure(error) } }

    /// The answer as a maybe.
    public func asMaybe() -> Maybe<Element> {
        let resolve = self.resolve
        return Maybe.create { maybe in
            switch resolve() {
            case .success(let value?): maybe(.success(value))
            case .success(nil): maybe(.completed)
            case .failure(let error): maybe(.error(error))
            }
            return Disposables.create()
        }
    }
}

extension MaybeResult where Element: Decodable {
    /// Succeeds with `json` decoded; bad JSON fails the test where this result was written.
    public static func value(json: String, fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line,
                             column: Int = #column) -> MaybeResult {
        let place = SourcePlace(fileID: fileID, filePath: file, line: line, column: column)
        return MaybeResult { decode(json, as: Element.self, place: place).map { Optional($0) } }
    }
}

/// A mock's answer as a `Completable`.
public enum CompletableResult {
    /// Completes.
    case completed
    /// Fails with the error.
    case `throw`(Error)

    /// The answer as a completable.
    public func asCompletable() -> Completable {
        switch self {
        case .completed: return .empty()
        case .throw(let error): return .error(error)
        }
    }
}

private func decode<Value: Decodable>(_ json: String, as type: Value.Type, place: SourcePlace) -> Result<Value, Error> {
    do {
        return .success(try JSONDecoder().decode(Value.self, from: Data(json.utf8)))
    } catch {
        let reason = "\(error)"
        place.fail("value(json:): could not decode \(Value.self): \(reason)")
        return .failure(MockError.badJSON(reason))
    }
}
