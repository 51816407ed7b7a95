import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `s0.zip(s1) as 10·a + b`.
    static var zip: CombineSpec {
        var spec = CombineSpec("zip", "s0.zip(s1) as 10·a + b", shape: shape(2...2),
                               build: { $0.sources[0].zip($0.sources[1]).map { 10 * $0 + $1 }.eraseToAnyPublisher() },
                               model: { ZipModel.outcome($0, combine: { 10 * $0 + $1 }) })
        spec.demandDelaysOnly = false   // demand changes when one source's failure overtakes the pairs
        spec.delivers = .allElements
        return spec
    }
}
