/// Whether the element that ends `take(until:behavior:)` is itself emitted.
public enum TakeBehavior: Sendable {
    /// Emit it, then complete.
    case inclusive
    /// Complete without it.
    case exclusive
}

extension ObservableType {
    /// Mirrors elements while `predicate` holds: `take(until: { !predicate($0) })`.
    public func take(while predicate: @escaping (Element) throws -> Bool,
                     behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        take(until: { try !predicate($0) }, behavior: behavior)
    }
}
