import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var multicastSelector: OperatorSpec {
        OperatorSpec("multicast(_:selector:)", "multicast(_:selector:) shares one source subscription between the selector's uses",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { context in
                         context.sources[0].multicast({ PublishSubject<Int>() }, selector: { shared in
                             Observable.merge(shared, shared.map { $0 + 100 })
                         })
                     },
                     model: MulticastModel.outcome(mergedWithOffset:))
            .withoutFeedback(because: "an element fed back while the first use receives one reaches both uses before the second use receives the first, depth-first across two subscribers")
    }
}
