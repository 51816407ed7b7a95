import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var ifEmptyDefault: OperatorSpec {
        OperatorSpec("ifEmpty(default:)", "ifEmpty(default: 9) emits 9 when the source completes empty",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].ifEmpty(default: 9) }, model: { IfEmptyModel.outcome($0, default: 9) })
    }

    static var ifEmptySwitchTo: OperatorSpec {
        OperatorSpec("ifEmpty(switchTo:)", "ifEmpty(switchTo: other) mirrors other after an empty completion",
                     shape: shape(2...2), build: { $0.sources[0].ifEmpty(switchTo: $0.sources[1]) },
                     model: IfEmptyModel.outcome(switchingTo:))
    }
}
