import OpenCombine
import OpenCombineModels
import RxCheck
import RxCheckOpenCombine
import RxTestKit

extension OpenCombineCatalog {
    /// `buffer(size: n, prefetch: p, whenFull: w)`, n in 1...3, every prefetch and whenFull policy.
    static var buffer: CombineSpec {
        var spec = CombineSpec("buffer", "buffer(size: 1...3, prefetch: .byRequest or .keepFull, whenFull: each policy)",
                               shape: shape(parameters: [1...3, 0...1, 0...2]),
                               build: { context in
                                   let (size, prefetch, whenFull) = bufferPolicy(context.parameters)
                                   return context.sources[0].buffer(size: size, prefetch: prefetch, whenFull: whenFull).eraseToAnyPublisher()
                               },
                               model: { bufferModel($0) })
        spec.demandModel = { bufferModel($0) }
        spec.demandDelaysOnly = false   // a full buffer drops elements on purpose
        spec.delivers = .theEnd
        return spec
    }

    /// The error a `.customError` buffer fails with: no source's (theirs are 1 and 2).
    static let bufferError = 7

    /// The operator's parameters as the buffer's: size; 0 `.byRequest`, 1 `.keepFull`;
    /// 0 `.dropOldest`, 1 `.dropNewest`, 2 `.customError`.
    static func bufferPolicy(_ parameters: [Int])
        -> (Int, Publishers.PrefetchStrategy, Publishers.BufferingStrategy<TestError>) {
        let whenFull: Publishers.BufferingStrategy<TestError>
        switch parameters[2] {
        case 0: whenFull = .dropOldest
        case 1: whenFull = .dropNewest
        default: whenFull = .customError { TestError(bufferError) }
        }
        return (parameters[0], parameters[1] == 1 ? .keepFull : .byRequest, whenFull)
    }

    static func bufferModel(_ scenario: Scenario) -> Outcome<Int> {
        let whenFull: BufferModel.WhenFull
        switch parameter(scenario, 2) {
        case 0: whenFull = .dropOldest
        case 1: whenFull = .dropNewest
        default: whenFull = .customError(bufferError)
        }
        return BufferModel.outcome(scenario, size: parameter(scenario, 0), keepFull: parameter(scenario, 1) == 1, whenFull: whenFull)
    }
}
