import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `replaceError(with: 9)`.
    static var replaceError: CombineSpec {
        var spec = CombineSpec("replaceError", "replaceError(with: 9)", shape: shape(),
                               build: { $0.sources[0].replaceError(with: 9).setFailureType(to: TestError.self).eraseToAnyPublisher() },
                               model: { ReplaceErrorModel.outcome($0, with: 9) })
        spec.demandModel = { ReplaceErrorModel.outcomeUnderDemand($0, with: 9) }
        return spec
    }
}
