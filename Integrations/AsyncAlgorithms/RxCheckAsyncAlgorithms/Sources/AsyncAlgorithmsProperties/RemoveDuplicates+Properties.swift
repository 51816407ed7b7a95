import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var removeDuplicates: AsyncSpec {
        AsyncSpec("removeDuplicates", "s0.removeDuplicates()", shape: shape(),
                  model: .sequence { scenario, observed in
                      RemoveDuplicatesModel.expected(scenario, pace: pace(scenario, operatorParameters: 0), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].removeDuplicates())
        }
    }
}
