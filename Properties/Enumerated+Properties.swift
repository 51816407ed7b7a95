import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var enumerated: OperatorSpec {
        OperatorSpec("enumerated", "enumerated pairs each element with its position", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].enumerated().map { $0.index * 10 + $0.element } }, model: EnumeratedModel.outcome)
    }
}
