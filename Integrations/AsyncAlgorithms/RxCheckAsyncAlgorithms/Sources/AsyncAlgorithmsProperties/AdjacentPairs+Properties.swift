import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var adjacentPairs: AsyncSpec {
        AsyncSpec("adjacentPairs", "s0.adjacentPairs()", shape: shape(),
                  model: .sequence { scenario, observed in
                      AdjacentPairsModel.expected(scenario, pace: pace(scenario, operatorParameters: 0), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].adjacentPairs())
        }
    }
}
