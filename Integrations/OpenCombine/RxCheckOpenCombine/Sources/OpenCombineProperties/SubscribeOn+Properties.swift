import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `subscribe(on: the virtual scheduler)`.
    static var subscribeOn: CombineSpec {
        let spec = CombineSpec("subscribe.on", "subscribe(on: the virtual scheduler)", shape: shape(),
                               build: { context in context.sources[0].subscribe(on: context.scheduler).eraseToAnyPublisher() },
                               model: { SubscribeOnModel.outcome($0) })
        return spec
    }
}
