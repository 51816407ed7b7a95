import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var single: OperatorSpec {
        OperatorSpec("single", "single() errors on a second element or an empty source", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].single() }, model: SingleModel.outcome)
    }

    static var singlePredicate: OperatorSpec {
        OperatorSpec("single(_:)", "single(predicate) errors on a second matching element or none", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].single { $0 % 2 == 0 } },
                     model: { SingleModel.outcome($0) { $0 % 2 == 0 } })
    }
}
