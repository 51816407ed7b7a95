import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var amb: OperatorSpec {
        OperatorSpec("amb", "amb of 1 to 3 sources, now and then hundreds, mirrors the first to deliver anything", shape: manySources(1...3),
                     build: { Observable.amb($0.sources) }, model: AmbModel.outcome)
    }
}
