import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `ignoreOutput()`.
    static var ignoreOutput: CombineSpec {
        let spec = CombineSpec("ignoreOutput", "ignoreOutput()", shape: shape(),
                               build: { $0.sources[0].ignoreOutput().map { _ in 0 }.eraseToAnyPublisher() },
                               model: { IgnoreOutputModel.outcome($0) })
        return spec
    }
}
