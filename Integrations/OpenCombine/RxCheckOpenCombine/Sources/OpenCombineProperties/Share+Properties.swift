import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `share()`.
    static var share: CombineSpec {
        var spec = CombineSpec("share", "share()", shape: shape(),
                               build: { $0.sources[0].share().eraseToAnyPublisher() },
                               model: { ShareModel.outcome($0) })
        spec.demandDelaysOnly = false   // a share is a PassthroughSubject: it drops what is not demanded
        return spec
    }
}
