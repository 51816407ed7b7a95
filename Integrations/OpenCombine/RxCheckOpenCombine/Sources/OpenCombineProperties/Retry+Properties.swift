import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `retry(n), n in 0...2`.
    static var retry: CombineSpec {
        let spec = CombineSpec("retry", "retry(n), n in 0...2", shape: shape(parameters: [0...2]),
                               build: { context in context.sources[0].retry(context.parameters[0]).eraseToAnyPublisher() },
                               model: { RetryModel.outcome($0, retries: parameter($0, 0)) })
        return spec
    }
}
