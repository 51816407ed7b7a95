import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `filter { x is even }`.
    static var filter: CombineSpec {
        let spec = CombineSpec("filter", "filter { x is even }", shape: shape(),
                               build: { $0.sources[0].filter { $0 % 2 == 0 }.eraseToAnyPublisher() },
                               model: { FilterModel.outcome($0, isIncluded: { $0 % 2 == 0 }) })
        return spec
    }
}
