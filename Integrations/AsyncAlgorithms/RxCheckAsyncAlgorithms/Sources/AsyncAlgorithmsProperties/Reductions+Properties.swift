import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var reductions: AsyncSpec {
        AsyncSpec("reductions", "s0.reductions(+)", shape: shape(),
                  model: .sequence { scenario, observed in
                      ReductionsModel.expected(scenario, initial: nil, pace: pace(scenario, operatorParameters: 0), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].reductions { $0 + $1 })
        }
    }

    static var reductionsInitial: AsyncSpec {
        AsyncSpec("reductions.initial", "s0.reductions(100, +)", shape: shape(),
                  model: .sequence { scenario, observed in
                      ReductionsModel.expected(scenario, initial: 100, pace: pace(scenario, operatorParameters: 0), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].reductions(100) { $0 + $1 })
        }
    }
}
