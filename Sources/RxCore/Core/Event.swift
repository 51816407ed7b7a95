import Foundation

/// One notification of a sequence. A subscription sees `next* (error | completed)?`:
/// after a terminal event nothing more is delivered.
public enum Event<Element> {
    case next(Element)
    case error(Swift.Error)
    case completed

    /// True for `error` and `completed`, the events that end a subscription.
    public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// The element of a `next` event, else nil.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, else nil.
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// True for `completed` only.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `next`; a throwing transform becomes an `error` event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let value):
            do { return .next(try transform(value)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: CustomStringConvertible {
    /// `next(3)`, `error(…)`, `completed`.
    public var description: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event: Equatable where Element: Equatable {
    /// Errors are equal when both are the same `Equatable` error type with equal values, or,
    /// for other errors, when their `NSError` domain and code match (RxTest's rule).
    // Inlinable, so a module comparing `Event<Int>`s (recorded timelines) gets it specialised:
    // through the generic entry every comparison asks the runtime for `Event<Int>`'s metadata.
    @inlinable
    @_specialize(where Element == Int)
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let l), .next(let r)): return l == r
        case (.completed, .completed): return true
        case (.error(let l), .error(let r)): return errorsEqual(l, r)
        default: return false
        }
    }
}

extension Event: Sendable where Element: Sendable {}

/// Compares two errors the way recorded timelines need: by value when the error type is
/// `Equatable`, otherwise by `NSError` domain and code.
public func errorsEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    if let result = equalIfEquatable(lhs, rhs) { return result }
    let l = lhs as NSError
    let r = rhs as NSError
    return l.domain == r.domain && l.code == r.code
}

private func equalIfEquatable<Left: Swift.Error>(_ lhs: Left, _ rhs: Swift.Error) -> Bool? {
    guard let type = Left.self as? any Equatable.Type else { return nil }
    return type.equalValues(lhs, rhs)
}

extension Equatable {
    fileprivate static func equalValues(_ lhs: Any, _ rhs: Any) -> Bool {
        guard let lhs = lhs as? Self, let rhs = rhs as? Self else { return false }
        return lhs == rhs
    }
}

/// Errors RxCore itself creates.
public enum RxError: Swift.Error, Equatable, CustomStringConvertible {
    /// A sequence had no elements where one was required.
    case noElements
    /// A sequence had more elements than allowed.
    case moreThanOneElement
    /// An index was beyond the sequence's end.
    case argumentOutOfRange
    /// A `timeout` elapsed.
    case timeout
    /// Something was used after it was disposed.
    case disposed(object: String)

    public var description: String {
        switch self {
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .argumentOutOfRange: return "Argument out of range."
        case .timeout: return "Sequence timeout."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        }
    }
}
