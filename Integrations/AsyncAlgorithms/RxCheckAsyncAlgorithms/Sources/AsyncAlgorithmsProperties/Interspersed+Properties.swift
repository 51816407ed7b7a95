import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var interspersed: AsyncSpec {
        AsyncSpec("interspersed", "s0.interspersed(with: -1)", shape: shape(),
                  model: .sequence { scenario, observed in
                      InterspersedModel.expected(scenario, pace: pace(scenario, operatorParameters: 0), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].interspersed(with: InterspersedModel.separator))
        }
    }
}
