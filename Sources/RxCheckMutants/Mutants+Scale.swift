import RxCore
import RxTestKit

/// Operators over a list of sources that move from one source to the next by recursion: right
/// on every timeline, one stack level deeper per source that ends inside its subscribe call.
extension Mutants {
    /// concat of a list that subscribes the next source from inside the previous one's
    /// completion.
    public static func concatRecursesPerSource(_ sources: [Observable<Int>]) -> Observable<Int> {
        inTurnRecursing(sources, movesOn: InTurnMove.atCompletion.movesOn)
    }

    /// catch(sequence:) that subscribes the next source from inside the previous one's error.
    public static func catchSequenceRecursesPerSource(_ sources: [Observable<Int>]) -> Observable<Int> {
        inTurnRecursing(sources, movesOn: InTurnMove.atErrorBeforeTheLast.movesOn)
    }

    /// The sources one after another: an event `movesOn` picks (given whether its source is the
    /// last) releases its source and subscribes the next, there and then; any other is
    /// forwarded; after the last the output completes.
    private static func inTurnRecursing(_ sources: [Observable<Int>],
                                        movesOn: @escaping (Event<Int>, Bool) -> Bool) -> Observable<Int> {
        Observable.create { observer in
            let current = SerialDisposable()
            func subscribe(_ index: Int) {
                guard !current.isDisposed else { return }
                guard index < sources.count else { return observer.onCompleted() }
                let subscription = SingleAssignmentDisposable()
                current.disposable = subscription   // releases the previous source
                subscription.setDisposable(sources[index].subscribe(AnyObserver { event in
                    guard movesOn(event, index == sources.count - 1) else { return observer.on(event) }
                    subscribe(index + 1)   // bug: one stack level per source ending inside subscribe
                }))
            }
            subscribe(0)
            return current
        }
    }
}
