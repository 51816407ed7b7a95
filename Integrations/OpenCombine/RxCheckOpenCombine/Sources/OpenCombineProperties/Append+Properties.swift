import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `s0.append(s1)`.
    static var append: CombineSpec {
        var spec = CombineSpec("append", "s0.append(s1)", shape: shape(2...2),
                               build: { $0.sources[0].append($0.sources[1]).eraseToAnyPublisher() },
                               model: { AppendModel.outcome($0) })
        spec.delivers = .allElements
        return spec
    }
}
