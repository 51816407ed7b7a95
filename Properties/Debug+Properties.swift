import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    /// debug must change nothing: the output, the logs and the order of operations are map's
    /// with the identity. Its lines go to a closure, not to standard output.
    static var debug: OperatorSpec {
        OperatorSpec("debug", "debug passes every event, subscribe and dispose through unchanged", shape: shape(1...1, .mixedWithSynchronous),
                     build: { context in context.sources[0].debug("s0", timestamp: { "" }, log: { _ in }) },
                     model: { MapModel.outcome($0) { $0 } })
    }
}
