import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `measureInterval(using:)`, the intervals in ticks.
    static var measureInterval: CombineSpec {
        var spec = CombineSpec("measureInterval", "measureInterval(using: the virtual scheduler), in ticks", shape: shape(),
                               build: { context in
                                   context.sources[0].measureInterval(using: context.scheduler).map(\.ticks).eraseToAnyPublisher()
                               },
                               model: { MeasureIntervalModel.outcome($0) })
        spec.demandDelaysOnly = false   // an element demand delays measures a longer interval
        return spec
    }
}
