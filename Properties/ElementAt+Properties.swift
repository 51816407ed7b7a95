import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    /// No feedback property: RxSwift counts an element down only after forwarding it, so an
    /// element fed back while the i-th is delivered is forwarded too — an ordering detail, not a
    /// rule of the contract.
    static var elementAt: OperatorSpec {
        OperatorSpec("element(at:)", "element(at: i) emits the i-th element and completes", shape: shape(1...1, .mixedWithSynchronous, parameters: [0...3]), build: { $0.sources[0].element(at: $0.parameters[0]) }, model: { ElementAtModel.outcome($0, index: $0.parameters[0]) })
            .withoutFeedback(because: "RxSwift forwards an element fed back while the i-th is delivered")
    }
}
