import RxCore
import RxTestKit

/// Operators that do the right things in the wrong order within one tick: every timeline and
/// every subscription log is right, only the ordered log of operations shows the bug.
extension Mutants {
    /// amb that forwards the winning event before it releases the losers (RxSwift releases them
    /// first, so nothing a loser delivers can race the winner's event).
    public static func ambForwardsBeforeReleasingLosers(_ sources: [Observable<Int>]) -> Observable<Int> {
        Observable.create { observer in
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            var winner: Int?
            for (index, source) in sources.enumerated() {
                subscriptions[index].setDisposable(source.subscribe(AnyObserver { event in
                    let won = winner == nil
                    if won { winner = index }
                    guard winner == index else { return }
                    observer.on(event)
                    guard won else { return }
                    // bug: the losers are released only after the winning event went out
                    for (other, subscription) in subscriptions.enumerated() where other != index {
                        subscription.dispose()
                    }
                }))
            }
            return Disposables.create(subscriptions)
        }
    }

    /// take(until:) that releases both sequences before it completes the output, instead of
    /// completing first and releasing after.
    public static func takeUntilReleasesBeforeCompleting(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int> {
        Observable.create { observer in
            let sourceSubscription = SingleAssignmentDisposable()
            let otherSubscription = SingleAssignmentDisposable()
            otherSubscription.setDisposable(other.subscribe(AnyObserver { event in
                switch event {
                case .next:
                    // bug: released first, completed after
                    otherSubscription.dispose()
                    sourceSubscription.dispose()
                    observer.onCompleted()
                case .error(let error): observer.onError(error)
                case .completed: otherSubscription.dispose()
                }
            }))
            sourceSubscription.setDisposable(source.subscribe(AnyObserver { event in observer.on(event) }))
            return Disposables.create(otherSubscription, sourceSubscription)
        }
    }

    /// switchLatest that subscribes each new inner before it releases the previous one, so for
    /// a moment two inners are live (RxSwift releases the previous one first).
    public static func switchLatestSubscribesBeforeReleasing(_ outer: Observable<Observable<Int>>) -> Observable<Int> {
        Observable.create { observer in
            let outerSubscription = SingleAssignmentDisposable()
            var current: SingleAssignmentDisposable?
            var latest = 0
            var outerDone = false
            var innerLive = false
            var ended = false
            func end(_ event: Event<Int>) {
                ended = true
                observer.on(event)
                outerSubscription.dispose()
                current?.dispose()
            }
            outerSubscription.setDisposable(outer.subscribe(AnyObserver { event in
                switch event {
                case .next(let inner):
                    latest += 1
                    let id = latest
                    if ended {
                        current?.dispose()
                        inner.subscribe(AnyObserver { _ in }).dispose()
                        return
                    }
                    let previous = current
                    let subscription = SingleAssignmentDisposable()
                    current = subscription
                    innerLive = true
                    subscription.setDisposable(inner.subscribe(AnyObserver { event in
                        guard id == latest, !ended else { return }
                        switch event {
                        case .next(let value): observer.onNext(value)
                        case .error: end(event)
                        case .completed:
                            innerLive = false
                            subscription.dispose()
                            if outerDone { end(event) }
                        }
                    }))
                    previous?.dispose()   // bug: released only after the next inner is subscribed
                case .error(let error):
                    if !ended { end(.error(error)) }
                case .completed:
                    guard !ended else { return }
                    outerDone = true
                    outerSubscription.dispose()
                    if !innerLive { end(.completed) }
                }
            }))
            return Disposables.create {
                ended = true
                outerSubscription.dispose()
                current?.dispose()
            }
        }
    }
}
