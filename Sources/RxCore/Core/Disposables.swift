/// Something that can release a subscription or cancel scheduled work. Disposing twice is a no-op.
///
/// RxCore's disposables are not locked: the virtual world is single-threaded, and real-time
/// schedulers serialize their work on one queue.
public protocol Disposable: AnyObject {
    /// Releases the resource. Idempotent.
    func dispose()
}

/// A disposable that can say whether it has been disposed.
public protocol Cancelable: Disposable {
    /// True once `dispose()` has been called.
    var isDisposed: Bool { get }
}

/// Factories for the common disposables.
public enum Disposables {
    /// A disposable that does nothing (shared instance).
    public static func create() -> Disposable { NopDisposable.instance }

    /// Runs `action` once, on the first `dispose()`.
    public static func create(with action: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(action)
    }

    /// Disposes all of `disposables`, in order, on the first `dispose()`.
    public static func create(_ disposables: Disposable...) -> Cancelable {
        CompositeDisposable(disposables: disposables)
    }

    /// Disposes all of `disposables`, in order, on the first `dispose()`.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        CompositeDisposable(disposables: disposables)
    }
}

final class NopDisposable: Disposable {
    nonisolated(unsafe) static let instance = NopDisposable()
    func dispose() {}
}

/// Runs a closure once when disposed.
public final class AnonymousDisposable: Cancelable {
    // Unchecked exclusivity, here and in the disposables below: every access is a short read or
    // write, and a held disposable is disposed only after it ended, so none overlaps another;
    // checked, each costs a runtime call on every subscription.
    @exclusivity(unchecked) private var action: (() -> Void)?
    @exclusivity(unchecked) public private(set) var isDisposed = false

    /// `action` runs on the first `dispose()` only.
    public init(_ action: @escaping () -> Void) { self.action = action }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let action = self.action
        self.action = nil
        action?()
    }
}

/// Only tracks whether it was disposed.
public final class BooleanDisposable: Cancelable {
    public private(set) var isDisposed: Bool

    /// Starts disposed when `isDisposed` is true.
    public init(isDisposed: Bool = false) { self.isDisposed = isDisposed }

    public func dispose() { isDisposed = true }
}

/// Holds a disposable that is set once, possibly after it was disposed, in which case the
/// late-set disposable is disposed at once.
public final class SingleAssignmentDisposable: Cancelable {
    @exclusivity(unchecked) private var current: Disposable?
    @exclusivity(unchecked) private var wasSet = false
    @exclusivity(unchecked) public private(set) var isDisposed = false

    /// A disposable waiting for its one disposable.
    public init() {}

    /// Sets the held disposable. Setting twice is a programming error.
    public func setDisposable(_ disposable: Disposable) {
        precondition(!wasSet, "SingleAssignmentDisposable: disposable already set")
        wasSet = true
        if isDisposed {
            disposable.dispose()
        } else {
            current = disposable
        }
    }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let held = current
        current = nil
        held?.dispose()
    }
}

/// Holds one disposable at a time: setting a new one disposes the previous one first.
/// After `dispose()`, anything set is disposed at once.
public final class SerialDisposable: Cancelable {
    @exclusivity(unchecked) private var current: Disposable?
    @exclusivity(unchecked) public private(set) var isDisposed = false

    /// An empty serial disposable.
    public init() {}

    /// The held disposable. Assigning disposes the old one (before storing the new one).
    public var disposable: Disposable {
        get { current ?? Disposables.create() }
        set {
            if isDisposed {
                newValue.dispose()
                return
            }
            let old = current
            current = newValue
            old?.dispose()
        }
    }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let held = current
        current = nil
        held?.dispose()
    }
}

/// A group of disposables disposed together. Members can be removed by key.
public final class CompositeDisposable: Cancelable {
    /// Identifies one member of a `CompositeDisposable`.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: Int
    }

    @exclusivity(unchecked) private var members: [(key: Int, disposable: Disposable)] = []
    @exclusivity(unchecked) private var nextKey = 0
    @exclusivity(unchecked) public private(set) var isDisposed = false

    /// An empty composite.
    public init() {}

    /// A composite holding `disposables` in order.
    public init(disposables: [Disposable]) {
        for disposable in disposables { _ = insert(disposable) }
    }

    /// Convenience for two or more members.
    public convenience init(_ first: Disposable, _ second: Disposable, _ rest: Disposable...) {
        self.init(disposables: [first, second] + rest)
    }

    /// The number of members still held.
    public var count: Int { members.count }

    /// Adds a member; returns nil (and disposes it at once) if the composite is already disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        if isDisposed {
            disposable.dispose()
            return nil
        }
        let key = nextKey
        nextKey += 1
        members.append((key, disposable))
        return DisposeKey(value: key)
    }

    /// Removes the member with `key` and disposes it.
    public func remove(for key: DisposeKey) {
        guard let index = members.firstIndex(where: { $0.key == key.value }) else { return }
        let member = members.remove(at: index)
        member.disposable.dispose()
    }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let held = members
        members = []
        for member in held { member.disposable.dispose() }
    }
}

/// Collects subscriptions and disposes them all when it is deinitialized.
public final class DisposeBag {
    private var disposables: [Disposable] = []

    /// An empty bag.
    public init() {}

    /// Adds a disposable to be disposed with the bag.
    public func insert(_ disposable: Disposable) { disposables.append(disposable) }

    deinit {
        for disposable in disposables { disposable.dispose() }
    }
}

extension Disposable {
    /// Adds this disposable to `bag`.
    public func disposed(by bag: DisposeBag) { bag.insert(self) }
}
