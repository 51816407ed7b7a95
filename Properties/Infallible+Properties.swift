import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var asInfallible: OperatorSpec {
        OperatorSpec("asInfallible(onErrorJustReturn:)", "asInfallible turns an error into its element and completion",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].asInfallible(onErrorJustReturn: -1).asObservable() },
                     model: { InfallibleModel.outcome($0, onErrorJustReturn: -1) })
    }
}
