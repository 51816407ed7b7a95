import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var debounce: OperatorSpec {
        OperatorSpec("debounce", "debounce(d) emits an element after d without another", shape: timeShape,
                     build: { $0.sources[0].debounce(duration($0), scheduler: $0.scheduler) },
                     model: { DebounceModel.outcome($0, dueTicks: ticks($0)) })
    }
}
