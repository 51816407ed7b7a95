import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var doOperator: OperatorSpec {
        OperatorSpec("do", "do(…) passes events through unchanged", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].do(onNext: { _ in }, onError: { _ in }, onCompleted: {}, onSubscribe: {}, onDispose: {}) }, model: DoModel.outcome)
    }
}
