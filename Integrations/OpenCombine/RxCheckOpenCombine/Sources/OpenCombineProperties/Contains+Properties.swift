import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `contains(2), true as 1`.
    static var contains: CombineSpec {
        let spec = CombineSpec("contains", "contains(2), true as 1", shape: shape(),
                               build: { $0.sources[0].contains(2).map { $0 ? 1 : 0 }.eraseToAnyPublisher() },
                               model: { ContainsModel.outcome($0, element: 2) })
        return spec
    }
}
