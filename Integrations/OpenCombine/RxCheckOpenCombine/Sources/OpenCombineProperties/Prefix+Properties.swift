import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `prefix(n), n in 1...4`.
    static var prefix: CombineSpec {
        let spec = CombineSpec("prefix", "prefix(n), n in 1...4", shape: shape(parameters: [1...4]),
                               build: { context in context.sources[0].prefix(context.parameters[0]).eraseToAnyPublisher() },
                               model: { PrefixModel.outcome($0, maxLength: parameter($0, 0)) })
        return spec
    }
}
