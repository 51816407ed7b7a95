import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var takeLast: OperatorSpec {
        OperatorSpec("takeLast", "takeLast(n) emits the last n at completion", shape: shape(1...1, .mixedWithSynchronous, parameters: [0...3]), build: { $0.sources[0].takeLast($0.parameters[0]) }, model: { TakeLastModel.outcome($0, count: $0.parameters[0]) })
    }
}
