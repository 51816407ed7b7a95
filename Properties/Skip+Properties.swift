import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var skip: OperatorSpec {
        OperatorSpec("skip", "skip(n) drops the first n elements", shape: shape(1...1, .mixedWithSynchronous, parameters: [0...4]),
                     build: { $0.sources[0].skip($0.parameters[0]) },
                     model: { SkipModel.outcome($0, count: $0.parameters[0]) })
    }
}
