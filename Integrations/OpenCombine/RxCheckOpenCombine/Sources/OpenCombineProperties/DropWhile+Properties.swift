import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `drop(while: x < 3)`.
    static var dropWhile: CombineSpec {
        let spec = CombineSpec("drop.while", "drop(while: x < 3)", shape: shape(),
                               build: { $0.sources[0].drop(while: { $0 < 3 }).eraseToAnyPublisher() },
                               model: { DropWhileModel.outcome($0, predicate: { $0 < 3 }) })
        return spec
    }
}
