import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var withLatestFrom: OperatorSpec {
        OperatorSpec("withLatestFrom", "first.withLatestFrom(second)", shape: shape(2...2),
                     build: { $0.sources[0].withLatestFrom($0.sources[1]) },
                     model: { WithLatestFromModel.outcome($0) { $1 } })
            .covering(10, .sameTickAcrossSources)
    }

    static var withLatestFromSelector: OperatorSpec {
        OperatorSpec("withLatestFrom(resultSelector:)", "first.withLatestFrom(second) { f, s in … }", shape: shape(2...2),
                     build: { $0.sources[0].withLatestFrom($0.sources[1]) { $0 * 10 + $1 } },
                     model: { WithLatestFromModel.outcome($0) { $0 * 10 + $1 } })
    }
}
