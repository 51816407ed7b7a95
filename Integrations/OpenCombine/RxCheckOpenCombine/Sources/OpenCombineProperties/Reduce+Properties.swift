import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `reduce(0, +)`.
    static var reduce: CombineSpec {
        var spec = CombineSpec("reduce", "reduce(0, +)", shape: shape(),
                               build: { $0.sources[0].reduce(0, +).eraseToAnyPublisher() },
                               model: { ReduceModel.outcome($0, initialResult: 0, nextPartialResult: +) })
        spec.demandModel = { ReduceModel.outcomeUnderDemand($0, initialResult: 0, nextPartialResult: +) }
        return spec
    }
}
