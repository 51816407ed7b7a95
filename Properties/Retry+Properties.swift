import RxCheck
import RxCore
import RxModels
import RxTestKit

// Retrying a cold source that fails at offset 0 loops within one tick forever (SEMANTICS §7,
// Edge 4), so unbounded retries are checked on hot sources, bounded ones on any.
extension Catalog {
    static var retry: OperatorSpec {
        OperatorSpec("retry", "retry() resubscribes at every error", shape: shape(1...1, .hot),
                     build: { $0.sources[0].retry() }, model: { RetryModel.outcome($0, maxAttempts: nil) })
    }

    static var retryCount: OperatorSpec {
        OperatorSpec("retry(_:)", "retry(n) makes at most n subscriptions in all", shape: shape(1...1, parameters: [0...3]),
                     build: { $0.sources[0].retry($0.parameters[0]) },
                     model: { RetryModel.outcome($0, maxAttempts: $0.parameters[0]) })
    }

    static var retryWhen: OperatorSpec {
        OperatorSpec("retry(when:)", "retry(when:) resubscribes when the handler's sequence emits", shape: shape(1...1, .hot),
                     build: { context in
                         context.sources[0].retry { errors in
                             errors.flatMap { error -> Observable<Int> in
                                 (error as? TestError)?.id == 1 ? Observable.just(0) : Observable.error(error)
                             }
                         }
                     },
                     model: RetryModel.outcome(retryingIdentityOne:))
    }

    /// The handler's sequence lives its own life: it may emit or end while an attempt runs.
    static var retryWhenOwnSequence: OperatorSpec {
        OperatorSpec("retry(when:) own sequence", "retry(when:) listens to the handler's own sequence only between an error and the next attempt",
                     shape: shape(2...2),
                     build: { context in
                         let notifier = context.sources[1]
                         return context.sources[0].retry { _ in notifier }
                     },
                     model: RetryModel.outcome(handlerIsSecondSource:))
    }
}
