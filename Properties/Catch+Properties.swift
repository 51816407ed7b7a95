import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var catchOperator: OperatorSpec {
        OperatorSpec("catch", "catch switches to the fallback at the first error", shape: shape(2...2),
                     build: { context in context.sources[0].catch { _ in context.sources[1] } }, model: CatchModel.outcome)
    }

    static var catchAndReturn: OperatorSpec {
        OperatorSpec("catchAndReturn", "catchAndReturn(9) turns an error into 9 and completion", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].catchAndReturn(9) }, model: { CatchModel.outcome($0, returning: 9) })
    }

    static var catchSequence: OperatorSpec {
        OperatorSpec("catch(sequence:)", "Observable.catch(sequence:) moves to the next source at each error; now and then hundreds of sources",
                     shape: manySources(0...3), build: { Observable.catch(sequence: $0.sources) }, model: CatchSequenceModel.outcome)
    }
}
