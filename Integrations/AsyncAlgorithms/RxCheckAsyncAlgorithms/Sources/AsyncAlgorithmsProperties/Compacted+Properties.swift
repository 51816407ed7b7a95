import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var compacted: AsyncSpec {
        AsyncSpec("compacted", "s0.map { 0 → nil }.compacted()", shape: shape(),
                  model: .sequence { scenario, observed in
                      CompactedModel.expected(scenario, pace: pace(scenario, operatorParameters: 0), start: observed.sourceStarts[0])
                  }) {
            AsyncOutput($0.sources[0].map { $0 == 0 ? nil : $0 }.compacted())
        }
    }
}
