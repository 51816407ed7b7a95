import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)`.
    static var buffer: CombineSpec {
        var spec = CombineSpec("buffer", "buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)", shape: shape(),
                               build: { $0.sources[0].buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher() },
                               model: nil)
        spec.demandDelaysOnly = false   // dropOldest loses elements on purpose
        spec.delivers = .theEnd
        return spec
    }
}
