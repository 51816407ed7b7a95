import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `multicast(subject: PassthroughSubject()).autoconnect()`.
    static var multicastAutoconnect: CombineSpec {
        var spec = CombineSpec("multicast.autoconnect", "multicast(subject: PassthroughSubject()).autoconnect()", shape: shape(),
                               build: { $0.sources[0].multicast(subject: PassthroughSubject<Int, TestError>()).autoconnect().eraseToAnyPublisher() },
                               model: { ShareModel.outcome($0) })
        spec.demandDelaysOnly = false   // a PassthroughSubject drops what is not demanded
        return spec
    }
}
