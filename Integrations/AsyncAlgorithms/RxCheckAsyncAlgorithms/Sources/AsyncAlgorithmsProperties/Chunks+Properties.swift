import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    /// Parameter 0: the count, 1 to 4.
    static var chunksOfCount: AsyncSpec {
        AsyncSpec("chunks.ofCount", "s0.chunks(ofCount: n)", shape: shape(parameters: [1...4]),
                  model: .sequence { scenario, observed in
                      ChunksOfCountModel.expected(scenario, count: scenario.parameters[0], pace: pace(scenario, operatorParameters: 1), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].chunks(ofCount: $0.parameters[0]))
        }
    }

    static var chunkedBy: AsyncSpec {
        AsyncSpec("chunked.by", "s0.chunked(by: both even or both odd)", shape: shape(),
                  model: .sequence { scenario, observed in
                      ChunkedByModel.expected(scenario, pace: pace(scenario, operatorParameters: 0), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].chunked(by: ChunkedByModel.sameGroup))
        }
    }
}
