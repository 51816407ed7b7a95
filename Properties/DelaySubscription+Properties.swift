import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var delaySubscription: OperatorSpec {
        OperatorSpec("delaySubscription", "delaySubscription(d) subscribes the source d later", shape: timeShape,
                     build: { $0.sources[0].delaySubscription(duration($0), scheduler: $0.scheduler) },
                     model: { DelaySubscriptionModel.outcome($0, dueTicks: ticks($0)) })
    }
}
