import RxCore

/// Virtual time, in ticks.
public typealias TestTime = Int

/// A value stamped with the virtual tick at which it happened: `Recorded.next(210, 2)`.
public struct Recorded<Value> {
    /// The tick.
    public let time: TestTime
    /// What happened.
    public let value: Value

    /// Stamps `value` with `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Hashable where Value: Hashable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomStringConvertible, CustomDebugStringConvertible {
    /// One line: `210: next(3)`.
    public var description: String { "\(time): \(value)" }
    public var debugDescription: String { description }
}

/// Describes values, reusing the last description while the value repeats: a run of equal
/// values (a large case's thousands of one element) is described once. A generic value is
/// described through the runtime's dynamic casts, which cost more than the rest of a report.
struct RepeatingDescriber<Value: Equatable> {
    private var last: (value: Value, text: String)?

    mutating func callAsFunction(_ value: Value) -> String {
        if let last, last.value == value { return last.text }
        let text = "\(value)"
        last = (value, text)
        return text
    }
}

extension Array {
    /// Each event's `description`, an event repeated in a run described once.
    @_specialize(where Value == Int)
    func descriptions<Value: Equatable>() -> [String] where Element == Recorded<Event<Value>> {
        var describe = RepeatingDescriber<Event<Value>>()
        return map { "\($0.time): " + describe($0.value) }
    }
}

extension Recorded {
    /// `next(element)` at `time`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded<Event<T>>(time: time, value: .next(element))
    }

    /// `completed` at `time`. The element type comes from context, or pass it explicitly.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
        where Value == Event<T> {
        Recorded<Event<T>>(time: time, value: .completed)
    }

    /// `error(error)` at `time`.
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
        where Value == Event<T> {
        Recorded<Event<T>>(time: time, value: .error(error))
    }
}

/// One subscription of a test source: subscribed at `subscribe`, unsubscribed at `unsubscribe`
/// (`Int.max` while still subscribed).
public struct Subscription: Equatable, Hashable, Codable, Sendable {
    /// The tick it was subscribed.
    public let subscribe: TestTime
    /// The tick it ended; `Int.max` if it never did.
    public let unsubscribe: TestTime

    /// A subscription still open.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }
}

extension Array where Element == Subscription {
    /// Appends `entry` to a subscription log; a first entry in a log with no room makes it a
    /// one-element array, cheaper than growing an empty one.
    @inlinable
    package mutating func appendEntry(_ entry: Subscription) {
        if capacity == 0 { self = [entry] } else { append(entry) }
    }
}

extension Subscription: CustomStringConvertible, CustomDebugStringConvertible {
    /// `(200, 1000)` or `(200, ∞)`.
    public var description: String {
        "(\(subscribe), \(unsubscribe == Int.max ? "∞" : String(unsubscribe)))"
    }
    public var debugDescription: String { description }
}

/// A plain error with an identity, for test timelines: equal when the ids are equal.
public struct TestError: Swift.Error, Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The identity.
    public let id: Int

    /// An error with identity `id`.
    public init(_ id: Int = 0) { self.id = id }

    public var description: String { id == 0 ? "TestError" : "TestError(\(id))" }
}
