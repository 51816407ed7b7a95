import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var compactMap: OperatorSpec {
        OperatorSpec("compactMap", "compactMap keeps the non-nil results", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].compactMap { $0 % 2 == 0 ? $0 * 3 : nil } }, model: { CompactMapModel.outcome($0) { $0 % 2 == 0 ? $0 * 3 : nil } })
    }
}
