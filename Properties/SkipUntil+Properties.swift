import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var skipUntil: OperatorSpec {
        OperatorSpec("skip(until:)", "source.skip(until: other) forwards once other has emitted", shape: shape(2...2), build: { $0.sources[0].skip(until: $0.sources[1]) }, model: SkipUntilModel.outcome)
    }
}
