import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `replaceEmpty(with: 9)`.
    static var replaceEmpty: CombineSpec {
        var spec = CombineSpec("replaceEmpty", "replaceEmpty(with: 9)", shape: shape(),
                               build: { $0.sources[0].replaceEmpty(with: 9).eraseToAnyPublisher() },
                               model: { ReplaceEmptyModel.outcome($0, with: 9) })
        spec.tolerated[.demand] = "it requests .unlimited from its upstream after the first downstream request "
            + "and forwards every element, as OpenCombine's ReplaceEmptyTests.testDemand asserts (a test that also runs against Apple's Combine)"
        spec.demandDelaysOnly = false
        return spec
    }
}
