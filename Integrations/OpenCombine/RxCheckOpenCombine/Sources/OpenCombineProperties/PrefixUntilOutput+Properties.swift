import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `s0.prefix(untilOutputFrom: s1)`.
    static var prefixUntilOutput: CombineSpec {
        let spec = CombineSpec("prefix.untilOutputFrom", "s0.prefix(untilOutputFrom: s1)", shape: shape(2...2),
                               build: { $0.sources[0].prefix(untilOutputFrom: $0.sources[1]).eraseToAnyPublisher() },
                               model: { PrefixUntilOutputModel.outcome($0) })
        return spec
    }
}
