import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var throttleLatest: OperatorSpec {
        OperatorSpec("throttle(latest: true)", "throttle keeps the latest element of a window and emits it at its end",
                     shape: timeShape, build: { $0.sources[0].throttle(duration($0), latest: true, scheduler: $0.scheduler) },
                     model: { ThrottleModel.outcome($0, dueTicks: ticks($0), latest: true) })
    }

    static var throttleFirst: OperatorSpec {
        OperatorSpec("throttle(latest: false)", "throttle drops the elements of a window",
                     shape: timeShape, build: { $0.sources[0].throttle(duration($0), latest: false, scheduler: $0.scheduler) },
                     model: { ThrottleModel.outcome($0, dueTicks: ticks($0), latest: false) })
    }
}
