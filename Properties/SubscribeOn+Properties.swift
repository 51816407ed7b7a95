import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var subscribeOn: OperatorSpec {
        var spec = OperatorSpec("subscribe(on:)", "subscribe(on:) subscribes and unsubscribes through the scheduler",
                                shape: shape(1...1), build: { $0.sources[0].subscribe(on: $0.scheduler) },
                                model: SubscribeOnModel.outcome)
        spec.cleanupGrace = 1
        return spec
    }
}
