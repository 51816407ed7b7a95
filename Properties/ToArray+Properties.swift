import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var toArray: OperatorSpec {
        OperatorSpec("toArray", "toArray emits every element at completion", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].toArray().asObservable().map(digits) }, model: { ToArrayModel.outcome($0).mapElements(digits) })
    }
}
