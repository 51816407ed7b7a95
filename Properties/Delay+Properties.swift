import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var delay: OperatorSpec {
        OperatorSpec("delay", "delay(d) shifts elements and completion by d, errors at once", shape: timeShape,
                     build: { $0.sources[0].delay(duration($0), scheduler: $0.scheduler) },
                     model: { DelayModel.outcome($0, dueTicks: ticks($0)) })
    }
}
