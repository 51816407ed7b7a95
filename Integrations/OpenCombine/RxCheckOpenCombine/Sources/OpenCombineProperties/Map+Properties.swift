import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `map { 10·x + 1 }`.
    static var map: CombineSpec {
        let spec = CombineSpec("map", "map { 10·x + 1 }", shape: shape(),
                               build: { $0.sources[0].map { 10 * $0 + 1 }.eraseToAnyPublisher() },
                               model: { MapModel.outcome($0, transform: { 10 * $0 + 1 }) })
        return spec
    }
}
