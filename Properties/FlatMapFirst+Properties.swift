import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var flatMapFirst: OperatorSpec {
        OperatorSpec("flatMapFirst", "flatMapFirst drops elements while an inner is live", shape: shape(1...1, inners: 1...3), build: { context in context.sources[0].flatMapFirst { context.inner($0) } }, model: FlatMapFirstModel.outcome)
    }
}
