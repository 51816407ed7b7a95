import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `collect()`.
    static var collect: CombineSpec {
        var spec = CombineSpec("collect", "collect()", shape: shape(),
                               build: { $0.sources[0].collect().map(encode).eraseToAnyPublisher() },
                               model: { CollectModel.outcome($0, encode: encode) })
        spec.demandModel = { CollectModel.outcomeUnderDemand($0, encode: encode) }
        return spec
    }
}
