import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `collect(n), n in 1...3`.
    static var collectByCount: CombineSpec {
        let spec = CombineSpec("collect.count", "collect(n), n in 1...3", shape: shape(parameters: [1...3]),
                               build: { context in context.sources[0].collect(context.parameters[0]).map(encode).eraseToAnyPublisher() },
                               model: { CollectByCountModel.outcome($0, count: parameter($0, 0), encode: encode) })
        return spec
    }
}
