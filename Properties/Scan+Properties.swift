import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var scan: OperatorSpec {
        OperatorSpec("scan", "scan(seed, +) emits each running sum", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].scan(1) { $0 + $1 } }, model: { ScanModel.outcome($0, seed: 1) { $0 + $1 } })
    }
}
