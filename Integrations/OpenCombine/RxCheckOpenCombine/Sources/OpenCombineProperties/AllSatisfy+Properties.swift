import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `allSatisfy { x < 3 }, true as 1`.
    static var allSatisfy: CombineSpec {
        let spec = CombineSpec("allSatisfy", "allSatisfy { x < 3 }, true as 1", shape: shape(),
                               build: { $0.sources[0].allSatisfy { $0 < 3 }.map { $0 ? 1 : 0 }.eraseToAnyPublisher() },
                               model: { AllSatisfyModel.outcome($0, predicate: { $0 < 3 }) })
        return spec
    }
}
