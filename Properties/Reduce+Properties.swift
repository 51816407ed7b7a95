import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var reduce: OperatorSpec {
        OperatorSpec("reduce", "reduce emits the total at completion", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].reduce(1) { $0 + $1 } }, model: { ReduceModel.outcome($0, seed: 1) { $0 + $1 } })
    }
}
