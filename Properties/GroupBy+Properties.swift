import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var groupBy: OperatorSpec {
        OperatorSpec("groupBy", "groupBy keeps one group per key for the whole run, each delivered before its first element",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { context in
                         context.sources[0].groupBy { $0 % 3 }.flatMap { group in
                             group.scan(0, accumulator: +).map { group.key * 1000 + $0 }
                         }
                     },
                     model: { GroupByModel.outcome(runningSums: $0) { $0 % 3 } })
    }

    static var groupByHeldByAGroup: OperatorSpec {
        OperatorSpec("groupBy held by a group", "groupBy keeps the source subscribed while a group is, after its observer left",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].groupBy { $0 % 2 }.take(1).flatMap { $0.asObservable() } },
                     model: { GroupByModel.outcome(firstGroup: $0) { $0 % 2 } })
    }
}
