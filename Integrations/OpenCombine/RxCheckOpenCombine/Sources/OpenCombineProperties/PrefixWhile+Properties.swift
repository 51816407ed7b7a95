import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `prefix(while: x < 3)`.
    static var prefixWhile: CombineSpec {
        let spec = CombineSpec("prefix.while", "prefix(while: x < 3)", shape: shape(),
                               build: { $0.sources[0].prefix(while: { $0 < 3 }).eraseToAnyPublisher() },
                               model: { PrefixWhileModel.outcome($0, predicate: { $0 < 3 }) })
        return spec
    }
}
