import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var takeUntilPredicate: OperatorSpec {
        OperatorSpec("take(until:behavior:)", "take(until: p, behavior: .inclusive) emits the element that ends it",
                     shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].take(until: { $0 >= 3 }, behavior: .inclusive) },
                     model: { TakeWhileModel.outcome($0, until: { $0 >= 3 }, inclusive: true) })
    }
}
