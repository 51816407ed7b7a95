// Every catalog operator RxSwift has, built with RxSwift's API from the bridge's context: the
// same calls as the catalog's builds (`Properties/`), so RxCheck's models judge RxSwift's
// operators by the same properties. Helpers the builds use are defined beside them, in RxSwift's
// terms, and errors are `BridgeError`s so that they keep their identity across the bridge.

import Foundation
import RxSwift
import RxSwiftBridge

extension RxSwiftCatalog {
    /// Catalog specs by name, with their builds in RxSwift's terms.
    nonisolated(unsafe) static let builds: [(name: String, build: (BridgeContext) -> Observable<Int>)] = [
        ("amb", { Observable.amb($0.sources) }),
        ("buffer", { $0.sources[0].buffer(timeSpan: duration($0), count: $0.parameters[1], scheduler: $0.scheduler).map(digits) }),
        ("catch", { context in context.sources[0].catch { _ in context.sources[1] } }),
        ("catchAndReturn", { $0.sources[0].catchAndReturn(9) }),
        ("catch(sequence:)", { Observable.catch(sequence: $0.sources) }),
        ("combineLatest", { Observable.combineLatest($0.sources[0], $0.sources[1]) { $0 * 10 + $1 } }),
        ("combineLatest([])", { Observable.combineLatest($0.sources) { digits($0) } }),
        ("compactMap", { $0.sources[0].compactMap { $0 % 2 == 0 ? $0 * 3 : nil } }),
        ("concat", { Observable.concat($0.sources) }),
        ("concat()", { context in context.sources[0].map { context.inner($0) }.concat() }),
        ("concatMap", { context in context.sources[0].concatMap { context.inner($0) } }),
        ("just", { Observable.just($0.parameters[0]) }),
        ("empty", { _ in Observable<Int>.empty() }),
        ("never", { _ in Observable<Int>.never() }),
        ("error", { Observable<Int>.error(BridgeError($0.parameters[0])) }),
        ("from", { Observable.from(fromElements($0.parameters)) }),
        ("from(scheduler:)", { Observable.from(fromElements($0.parameters), scheduler: $0.scheduler) }),
        ("from(sequence)", { Observable.from(fromElements($0.parameters).lazy.map { $0 + 1 }, scheduler: $0.scheduler) }),
        ("from(optional:)", { Observable.from(optional: $0.parameters[0] == 1 ? $0.parameters[1] : nil, scheduler: $0.scheduler) }),
        ("deferred", { context in Observable.deferred { context.sources[0] } }),
        ("create", { context in Observable.create { observer in context.sources[0].subscribe(observer) } }),
        ("timer", { Observable<Int>.timer(.seconds($0.parameters[0] * 10), scheduler: $0.scheduler) }),
        ("interval", { Observable<Int>.interval(.seconds($0.parameters[0] * 10), scheduler: $0.scheduler) }),
        ("debounce", { $0.sources[0].debounce(duration($0), scheduler: $0.scheduler) }),
        ("delay", { $0.sources[0].delay(duration($0), scheduler: $0.scheduler) }),
        ("delaySubscription", { $0.sources[0].delaySubscription(duration($0), scheduler: $0.scheduler) }),
        ("distinctUntilChanged", { $0.sources[0].distinctUntilChanged() }),
        ("do", { $0.sources[0].do(onNext: { _ in }, onError: { _ in }, onCompleted: {}, onSubscribe: {}, onDispose: {}) }),
        ("element(at:)", { $0.sources[0].element(at: $0.parameters[0]) }),
        ("enumerated", { $0.sources[0].enumerated().map { $0.index * 10 + $0.element } }),
        ("filter", { $0.sources[0].filter { $0 % 2 == 0 } }),
        ("flatMap", { context in context.sources[0].flatMap { context.inner($0) } }),
        ("flatMapFirst", { context in context.sources[0].flatMapFirst { context.inner($0) } }),
        ("flatMapLatest", { context in context.sources[0].flatMapLatest { context.inner($0) } }),
        ("groupBy", { context in
                context.sources[0].groupBy { $0 % 3 }.flatMap { group in
                    group.scan(0, accumulator: +).map { group.key * 1000 + $0 }
                }
        }),
        ("groupBy held by a group", { $0.sources[0].groupBy { $0 % 2 }.take(1).flatMap { $0.asObservable() } }),
        ("ifEmpty(default:)", { $0.sources[0].ifEmpty(default: 9) }),
        ("ifEmpty(switchTo:)", { $0.sources[0].ifEmpty(switchTo: $0.sources[1]) }),
        ("ignoreElements", { $0.sources[0].ignoreElements().asInt() }),
        ("asInfallible(onErrorJustReturn:)", { $0.sources[0].asInfallible(onErrorJustReturn: -1).asObservable() }),
        ("map", { $0.sources[0].map { $0 * 3 + 1 } }),
        ("materialize", { $0.sources[0].materialize().map(encode) }),
        ("dematerialize", { $0.sources[0].map(decode).dematerialize() }),
        ("merge", { Observable.merge($0.sources) }),
        ("merge()", { context in context.sources[0].map { context.inner($0) }.merge() }),
        ("merge(maxConcurrent:)", { context in context.sources[0].map { context.inner($0) }.merge(maxConcurrent: 2) }),
        ("multicast(_:selector:)", { context in
                context.sources[0].multicast({ PublishSubject<Int>() }, selector: { shared in
                    Observable.merge(shared, shared.map { $0 + 100 })
                })
        }),
        ("observe(on:)", { $0.sources[0].observe(on: $0.scheduler) }),
        ("range", { Observable<Int>.range(start: $0.parameters[0], count: $0.parameters[1], scheduler: $0.scheduler) }),
        ("generate", { context in
                let (start, count) = (context.parameters[0], context.parameters[1])
                return Observable.generate(initialState: start, condition: { $0 < start + count },
                                           scheduler: context.scheduler) { $0 + 1 }
        }),
        ("repeatElement", { Observable.repeatElement($0.parameters[0], scheduler: $0.scheduler) }),
        ("just(_:scheduler:)", { Observable.just($0.parameters[0], scheduler: $0.scheduler) }),
        ("reduce", { $0.sources[0].reduce(1) { $0 + $1 } }),
        ("retry", { $0.sources[0].retry() }),
        ("retry(_:)", { $0.sources[0].retry($0.parameters[0]) }),
        ("retry(when:)", { context in
                context.sources[0].retry { errors in
                    errors.flatMap { error -> Observable<Int> in
                        (error as? BridgeError)?.identity == 1 ? Observable.just(0) : Observable.error(error)
                    }
                }
        }),
        ("retry(when:) own sequence", { context in
                let notifier = context.sources[1]
                return context.sources[0].retry { _ in notifier }
        }),
        ("sample", { $0.sources[0].sample($0.sources[1]) }),
        ("sample(defaultValue:)", { $0.sources[0].sample($0.sources[1], defaultValue: 9) }),
        ("scan", { $0.sources[0].scan(1) { $0 + $1 } }),
        ("share(replay:scope: .whileConnected)", { $0.sources[0].share(replay: $0.parameters[0], scope: .whileConnected) }),
        ("share(replay:scope: .forever)", { $0.sources[0].share(replay: $0.parameters[0], scope: .forever) }),
        ("publish().refCount()", { $0.sources[0].publish().refCount() }),
        ("replay(_:).refCount()", { $0.sources[0].replay($0.parameters[0]).refCount() }),
        ("share()", { $0.sources[0].share() }),
        ("publish().connect()", { context in
            let published = context.sources[0].publish()
            _ = published.connect()
            return published.asObservable()
        }),
        ("replay(_:).connect()", { context in
            let replayed = context.sources[0].replay(context.parameters[0])
            _ = replayed.connect()
            return replayed.asObservable()
        }),
        ("PublishSubject", { context in
            let subject = PublishSubject<Int>()
            _ = context.sources[0].subscribe(subject)
            return subject.asObservable()
        }),
        ("ReplaySubject", { context in
            let subject = ReplaySubject<Int>.create(bufferSize: context.parameters[0])
            _ = context.sources[0].subscribe(subject)
            return subject.asObservable()
        }),
        ("BehaviorSubject", { context in
            let subject = BehaviorSubject<Int>(value: 9)
            _ = context.sources[0].subscribe(subject)
            return subject.asObservable()
        }),
        ("single", { $0.sources[0].single() }),
        ("single(_:)", { $0.sources[0].single { $0 % 2 == 0 } }),
        ("skip", { $0.sources[0].skip($0.parameters[0]) }),
        ("skip(until:)", { $0.sources[0].skip(until: $0.sources[1]) }),
        ("skip(while:)", { $0.sources[0].skip(while: { $0 < 3 }) }),
        ("startWith", { $0.sources[0].startWith($0.parameters[0]) }),
        ("subscribe(on:)", { $0.sources[0].subscribe(on: $0.scheduler) }),
        ("switchLatest", { context in context.sources[0].map { context.inner($0) }.switchLatest() }),
        ("take", { $0.sources[0].take($0.parameters[0]) }),
        ("take(for:)", { $0.sources[0].take(for: duration($0), scheduler: $0.scheduler) }),
        ("skip(for:)", { $0.sources[0].skip(duration($0), scheduler: $0.scheduler) }),
        ("takeLast", { $0.sources[0].takeLast($0.parameters[0]) }),
        ("take(until:)", { $0.sources[0].take(until: $0.sources[1]) }),
        ("take(until:behavior:)", { $0.sources[0].take(until: { $0 >= 3 }, behavior: .inclusive) }),
        ("take(while:)", { $0.sources[0].take(while: { $0 < 3 }) }),
        ("throttle(latest: true)", { $0.sources[0].throttle(duration($0), latest: true, scheduler: $0.scheduler) }),
        ("throttle(latest: false)", { $0.sources[0].throttle(duration($0), latest: false, scheduler: $0.scheduler) }),
        ("throttle", { $0.sources[0].throttle(duration($0), scheduler: $0.scheduler) }),
        ("map(throwing)", { context in context.sources[0].map { try throwing($0, on: context.parameters[0], $0 * 2) } }),
        ("filter(throwing)", { context in context.sources[0].filter { try throwing($0, on: context.parameters[0], $0 != 1) } }),
        ("scan(throwing)", { context in context.sources[0].scan(0) { try throwing($1, on: context.parameters[0], $0 + $1) } }),
        ("distinctUntilChanged(throwing)", { context in context.sources[0].distinctUntilChanged { try throwing($1, on: context.parameters[0], $0 == $1) } }),
        ("combineLatest(throwing)", { context in
                Observable.combineLatest(context.sources[0], context.sources[1]) {
                    try throwing($0, on: context.parameters[0], $0 * 10 + $1)
                }
        }),
        ("timeout", { $0.sources[0].timeout(duration($0), scheduler: $0.scheduler) }),
        ("timeout(other:)", { $0.sources[0].timeout(duration($0), other: $0.sources[1], scheduler: $0.scheduler) }),
        ("toArray", { $0.sources[0].toArray().asObservable().map(digits) }),
        ("asSingle", { $0.sources[0].asSingle().asObservable() }),
        ("asMaybe", { $0.sources[0].asMaybe().asObservable() }),
        ("first", { $0.sources[0].first().asObservable().map { $0 ?? -1 } }),
        ("using", { context in
                let resource = context.sources[1]
                let sequence = context.sources[0]
                return Observable.using({ Resource(resource.subscribe { _ in }) }, observableFactory: { _ in sequence })
        }),
        ("window", { context in
                context.sources[0].window(timeSpan: duration(context), count: context.parameters[1],
                                          scheduler: context.scheduler)
                    .concatMap { $0.toArray().asObservable() }
                    .map(digits)
        }),
        ("withLatestFrom", { $0.sources[0].withLatestFrom($0.sources[1]) }),
        ("withLatestFrom(resultSelector:)", { $0.sources[0].withLatestFrom($0.sources[1]) { $0 * 10 + $1 } }),
        ("withUnretained", { context in
                let source = context.sources[0]
                return Observable.deferred {
                    var owner: Owner? = Owner()
                    let object = owner!
                    return source
                        .do(onNext: { if $0 >= 3 { owner = nil } })
                        .withUnretained(object) { _, element in element }
                }
        }),
        ("zip", { Observable.zip($0.sources[0], $0.sources[1]) { $0 * 10 + $1 } }),
        ("zip([])", { Observable.zip($0.sources) { digits($0) } }),
    ]

    /// Catalog specs this catalog leaves out, and why.
    public static let notBridged: [(name: String, reason: String)] = [
        ("debug", "RxSwift's debug(_:trimOutput:file:line:function:) takes no timestamp or log closure"),
        ("decode(type:decoder:)", "its build uses a decoder defined inside the catalog"),
        ("startWith(prefix)", "RxSwift's startWith has no elementsOf: form for a prefix of thousands"),
    ]
}

/// An object for withUnretained to hold or drop.
private final class Owner {}

/// using's resource: a subscription to a second source, so the resource's lifetime shows in
/// that source's log.
private final class Resource: Disposable {
    private let subscription: Disposable
    init(_ subscription: Disposable) { self.subscription = subscription }
    func dispose() { subscription.dispose() }
}
