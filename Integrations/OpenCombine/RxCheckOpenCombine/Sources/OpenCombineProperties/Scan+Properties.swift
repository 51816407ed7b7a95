import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `scan(0, +)`.
    static var scan: CombineSpec {
        let spec = CombineSpec("scan", "scan(0, +)", shape: shape(),
                               build: { $0.sources[0].scan(0, +).eraseToAnyPublisher() },
                               model: { ScanModel.outcome($0, initialResult: 0, nextPartialResult: +) })
        return spec
    }
}
