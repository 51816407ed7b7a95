import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var skipWhile: OperatorSpec {
        OperatorSpec("skip(while:)", "skip(while:) forwards everything from the first failing element", shape: shape(1...1, .mixedWithSynchronous), build: { $0.sources[0].skip(while: { $0 < 3 }) }, model: { SkipWhileModel.outcome($0) { $0 < 3 } })
    }
}
