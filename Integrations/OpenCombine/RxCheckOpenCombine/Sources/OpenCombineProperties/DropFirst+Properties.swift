import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `dropFirst(n), n in 0...3`.
    static var dropFirst: CombineSpec {
        let spec = CombineSpec("dropFirst", "dropFirst(n), n in 0...3", shape: shape(parameters: [0...3]),
                               build: { context in context.sources[0].dropFirst(context.parameters[0]).eraseToAnyPublisher() },
                               model: { DropFirstModel.outcome($0, count: parameter($0, 0)) })
        return spec
    }
}
