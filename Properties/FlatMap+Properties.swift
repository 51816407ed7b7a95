import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var flatMap: OperatorSpec {
        OperatorSpec("flatMap", "flatMap subscribes every element's inner at once", shape: shape(1...1, inners: 1...3),
                     build: { context in context.sources[0].flatMap { context.inner($0) } },
                     model: FlatMapModel.outcome)
    }
}
