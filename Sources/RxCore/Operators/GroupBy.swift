/// One group of a `groupBy`: the elements whose key is `key`, as a sequence of its own.
///
/// A group is a subject: subscribe to it when it is delivered (inside `onNext`, as `flatMap`
/// does) to see its first element; a later subscriber misses what came before. While anyone is
/// subscribed to a group, the source stays subscribed, even after the groups' observer left.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key every element of this group maps to.
    public let key: Key
    private let source: Observable<Element>

    /// A group of `key` whose elements are `source`'s.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> { source }
}

extension ObservableType {
    /// Splits the source into one group per key, each delivered when its first element arrives,
    /// just before that element. A group lives until the source ends: its subscribers leaving
    /// does not end it, so a later element of that key goes to it and no new group is made.
    ///
    /// Completes / errors: the groups first, in the order they were made, then the output.
    /// A throwing `keySelector` fails the groups and the output with its error.
    /// Disposes: the source only when the output's subscription and every group subscription
    /// have ended.
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key)
        -> Observable<GroupedObservable<Key, Element>> {
        let source = asObservable()
        return Producer { observer in
            let sink = GroupBySink(keySelector: keySelector, observer: observer)
            sink.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
            return sink
        }
    }
}

private final class GroupBySink<Key: Hashable, Element>: Sink<GroupedObservable<Key, Element>> {
    private let keySelector: (Element) throws -> Key
    /// The groups in the order they were made (so terminals reach them in a fixed order), and
    /// where each key's group is.
    private var groups: [PublishSubject<Element>] = []
    private var indexOfKey: [Key: Int] = [:]
    let subscription = SingleAssignmentDisposable()
    /// Holders of the source subscription: the output's, plus one per live group subscription.
    private var holders = 1

    init(keySelector: @escaping (Element) throws -> Key, observer: AnyObserver<GroupedObservable<Key, Element>>) {
        self.keySelector = keySelector
        super.init(observer: observer)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            let key: Key
            do { key = try keySelector(value) } catch { return end(.error(error)) }
            if let index = indexOfKey[key] { return groups[index].onNext(value) }
            let group = PublishSubject<Element>()
            indexOfKey[key] = groups.count
            groups.append(group)
            forwardNext(GroupedObservable(key: key, source: holding(group)))
            group.onNext(value)
        case .error(let error): end(.error(error))
        case .completed: end(.completed)
        }
    }

    private func end(_ terminal: Event<Element>) {
        for group in groups { group.on(terminal) }
        switch terminal {
        case .error(let error): forwardError(error)
        default: forwardCompleted()
        }
        subscription.dispose()
    }

    /// The group as subscribers see it: each subscription holds the source until it ends.
    private func holding(_ group: PublishSubject<Element>) -> Observable<Element> {
        Observable.create { [self] observer in
            holders += 1
            let inner = group.subscribe(observer)
            return Disposables.create {
                inner.dispose()
                self.release()
            }
        }
    }

    private func release() {
        holders -= 1
        if holders == 0 { subscription.dispose() }
    }

    override func disposeUpstream() { release() }
}
