import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `removeDuplicates()`.
    static var removeDuplicates: CombineSpec {
        let spec = CombineSpec("removeDuplicates", "removeDuplicates()", shape: shape(),
                               build: { $0.sources[0].removeDuplicates().eraseToAnyPublisher() },
                               model: { RemoveDuplicatesModel.outcome($0) })
        return spec
    }
}
