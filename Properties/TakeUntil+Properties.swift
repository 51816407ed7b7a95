import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var takeUntil: OperatorSpec {
        OperatorSpec("take(until:)", "source.take(until: other) mirrors until other emits", shape: shape(2...2),
                     build: { $0.sources[0].take(until: $0.sources[1]) }, model: TakeUntilModel.outcome)
            .covering(10, .sameTickAcrossSources)
    }
}
