import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var buffer: OperatorSpec {
        OperatorSpec("buffer", "buffer(timeSpan:count:) emits full buffers and, every span, whatever it holds",
                     shape: shape(1...1, parameters: [0...6, 1...3]),
                     build: { $0.sources[0].buffer(timeSpan: duration($0), count: $0.parameters[1], scheduler: $0.scheduler).map(digits) },
                     model: { BufferModel.outcome($0, spanTicks: ticks($0), count: $0.parameters[1]).mapElements(digits) })
    }
}
