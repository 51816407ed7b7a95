import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    /// No feedback property for either form: RxSwift records the time of an emission only after
    /// forwarding it, so an element fed back meanwhile passes as if nothing had been sent yet —
    /// an ordering detail, not a rule of the contract.
    static var throttleLatest: OperatorSpec {
        OperatorSpec("throttle(latest: true)", "throttle keeps the latest element of a window and emits it at its end",
                     shape: timeShape, build: { $0.sources[0].throttle(duration($0), latest: true, scheduler: $0.scheduler) },
                     model: { ThrottleModel.outcome($0, dueTicks: ticks($0), latest: true) })
            .withoutFeedback(because: "RxSwift stamps an emission after forwarding it")
    }

    static var throttleFirst: OperatorSpec {
        OperatorSpec("throttle(latest: false)", "throttle drops the elements of a window",
                     shape: timeShape, build: { $0.sources[0].throttle(duration($0), latest: false, scheduler: $0.scheduler) },
                     model: { ThrottleModel.outcome($0, dueTicks: ticks($0), latest: false) })
            .withoutFeedback(because: "RxSwift stamps an emission after forwarding it")
    }

    /// `throttle(d, scheduler:)` as users write it, `latest:` left to its default (true).
    static var throttleDefault: OperatorSpec {
        OperatorSpec("throttle", "throttle(d, scheduler:) with latest: left out behaves as latest: true",
                     shape: timeShape, build: { $0.sources[0].throttle(duration($0), scheduler: $0.scheduler) },
                     model: { ThrottleModel.outcome($0, dueTicks: ticks($0), latest: true) })
            .withoutFeedback(because: "RxSwift stamps an emission after forwarding it")
    }
}
