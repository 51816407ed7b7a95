import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var takeWhile: OperatorSpec {
        OperatorSpec("take(while:)", "take(while:) completes at the first element failing the predicate", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].take(while: { $0 < 3 }) }, model: { TakeWhileModel.outcome($0, until: { !($0 < 3) }, inclusive: false) })
    }
}
