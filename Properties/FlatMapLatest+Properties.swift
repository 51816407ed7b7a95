import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var flatMapLatest: OperatorSpec {
        OperatorSpec("flatMapLatest", "flatMapLatest switches to each element's inner", shape: shape(1...1, inners: 1...3),
                     build: { context in context.sources[0].flatMapLatest { context.inner($0) } },
                     model: FlatMapLatestModel.outcome)
    }
}
