import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var timeout: OperatorSpec {
        OperatorSpec("timeout", "timeout(d) errors when d passes without an element", shape: timeShape,
                     build: { $0.sources[0].timeout(duration($0), scheduler: $0.scheduler) },
                     model: { TimeoutModel.outcome($0, dueTicks: ticks($0), withOther: false) })
    }

    static var timeoutOther: OperatorSpec {
        OperatorSpec("timeout(other:)", "timeout(d, other:) switches to other when d passes without an element",
                     shape: shape(2...2, parameters: [0...6]),
                     build: { $0.sources[0].timeout(duration($0), other: $0.sources[1], scheduler: $0.scheduler) },
                     model: { TimeoutModel.outcome($0, dueTicks: ticks($0), withOther: true) })
    }
}
