import RxCheck
import RxCore
import RxModels
import RxTestKit

/// The object a `withUnretained` run pairs with; only that run's `do` holds it strongly.
private final class Owner {}

extension Catalog {
    /// Each subscription makes its own object and drops it when an element of 3 or more
    /// arrives, just before withUnretained sees that element.
    static var withUnretained: OperatorSpec {
        OperatorSpec("withUnretained", "withUnretained pairs elements with an object and completes once it is gone",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { context in
                         let source = context.sources[0]
                         return Observable.deferred {
                             var owner: Owner? = Owner()
                             let object = owner!
                             return source
                                 .do(onNext: { if $0 >= 3 { owner = nil } })
                                 .withUnretained(object) { _, element in element }
                         }
                     },
                     model: { WithUnretainedModel.outcome($0, releasedFrom: 3) })
    }
}
