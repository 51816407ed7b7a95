import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    /// The resource is a subscription to sources[1], so its lifetime shows in that source's log.
    static var using: OperatorSpec {
        OperatorSpec("using", "using makes a resource per subscription and disposes it when the subscription ends",
                     shape: shape(2...2),
                     build: { context in
                         let resource = context.sources[1]
                         let sequence = context.sources[0]
                         return Observable.using({ AnonymousDisposable(resource.subscribe { _ in }.dispose) }, observableFactory: { _ in sequence })
                     },
                     model: UsingModel.outcome(resourceIsSecondSource:))
    }
}
