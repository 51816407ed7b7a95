import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var single: OperatorSpec {
        OperatorSpec("single", "single() errors on a second element or an empty source", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].single() }, model: SingleModel.outcome)
    }
}
