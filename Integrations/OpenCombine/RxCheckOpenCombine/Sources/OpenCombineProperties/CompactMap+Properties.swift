import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `compactMap { x % 3 == 0 ? nil : x }`.
    static var compactMap: CombineSpec {
        let spec = CombineSpec("compactMap", "compactMap { x % 3 == 0 ? nil : x }", shape: shape(),
                               build: { $0.sources[0].compactMap { $0 % 3 == 0 ? nil : $0 }.eraseToAnyPublisher() },
                               model: { CompactMapModel.outcome($0, transform: { $0 % 3 == 0 ? nil : $0 }) })
        return spec
    }
}
