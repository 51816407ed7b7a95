import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var takeFor: OperatorSpec {
        OperatorSpec("take(for:)", "take(for: d) completes d after subscription", shape: timeShape,
                     build: { $0.sources[0].take(for: duration($0), scheduler: $0.scheduler) },
                     model: { TakeForDurationModel.outcome($0, durationTicks: ticks($0), skipping: false) })
    }

    static var skipFor: OperatorSpec {
        OperatorSpec("skip(for:)", "skip(for: d) drops elements for d after subscription", shape: timeShape,
                     build: { $0.sources[0].skip(for: duration($0), scheduler: $0.scheduler) },
                     model: { TakeForDurationModel.outcome($0, durationTicks: ticks($0), skipping: true) })
    }
}
