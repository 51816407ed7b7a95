import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var ignoreElements: OperatorSpec {
        OperatorSpec("ignoreElements", "ignoreElements forwards only the terminal", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].ignoreElements().asInt() }, model: IgnoreElementsModel.outcome)
    }
}
