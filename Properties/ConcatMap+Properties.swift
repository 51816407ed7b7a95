import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var concatMap: OperatorSpec {
        OperatorSpec("concatMap", "concatMap runs each element's inner after the previous one",
                     shape: shape(1...1, inners: 1...3),
                     build: { context in context.sources[0].concatMap { context.inner($0) } },
                     model: ConcatMapModel.outcome)
    }
}
