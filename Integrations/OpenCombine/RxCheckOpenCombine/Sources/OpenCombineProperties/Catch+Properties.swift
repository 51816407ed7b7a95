import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `s0.catch { _ in s1 }`.
    static var catchOperator: CombineSpec {
        let spec = CombineSpec("catch", "s0.catch { _ in s1 }", shape: shape(2...2),
                               build: { context in context.sources[0].catch { _ in context.sources[1] }.eraseToAnyPublisher() },
                               model: { CatchModel.outcome($0) })
        return spec
    }
}
