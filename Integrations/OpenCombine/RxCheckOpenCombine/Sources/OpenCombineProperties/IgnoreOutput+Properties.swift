import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `ignoreOutput()`.
    static var ignoreOutput: CombineSpec {
        let spec = CombineSpec("ignoreOutput", "ignoreOutput()", shape: shape(),
                               build: { $0.sources[0].ignoreOutput().map(absurd).eraseToAnyPublisher() },
                               model: { IgnoreOutputModel.outcome($0) })
        return spec
    }
}

/// Any type from a value that cannot exist: retypes a publisher whose output is `Never`.
private func absurd<T>(_ nothing: Never) -> T {}
