import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var observeOn: OperatorSpec {
        OperatorSpec("observe(on:)", "observe(on:) delivers every event through the scheduler, one per action, in order",
                     shape: shape(1...1), build: { $0.sources[0].observe(on: $0.scheduler) }, model: ObserveOnModel.outcome)
    }
}
