import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `receive(on: the virtual scheduler)`.
    static var receiveOn: CombineSpec {
        let spec = CombineSpec("receive.on", "receive(on: the virtual scheduler)", shape: shape(),
                               build: { context in context.sources[0].receive(on: context.scheduler).eraseToAnyPublisher() },
                               model: { ReceiveOnModel.outcome($0) })
        return spec
    }
}
