import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var switchLatest: OperatorSpec {
        OperatorSpec("switchLatest", "outer.switchLatest() mirrors the newest inner", shape: shape(1...1, inners: 1...3),
                     build: { context in context.sources[0].map { context.inner($0) }.switchLatest() },
                     model: { SwitchLatestModel.outcome($0) })
    }
}
