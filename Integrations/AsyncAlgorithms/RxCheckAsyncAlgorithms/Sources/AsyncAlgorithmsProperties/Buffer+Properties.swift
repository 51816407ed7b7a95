import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var bufferUnbounded: AsyncSpec {
        AsyncSpec("buffer.unbounded", "s0.buffer(policy: .unbounded)", shape: shape(),
                  model: .sequence { scenario, _ in SourceTimelineValues(scenario.sources[0]).expected }) {
            AsyncOutput($0.sources[0].buffer(policy: .unbounded))
        }
    }

    /// Parameter 0: the limit, 0 to 3.
    static var bufferBounded: AsyncSpec {
        AsyncSpec("buffer.bounded", "s0.buffer(policy: .bounded(n))", shape: shape(parameters: [0...3]),
                  model: .sequence { scenario, _ in SourceTimelineValues(scenario.sources[0]).expected }) {
            AsyncOutput($0.sources[0].buffer(policy: .bounded($0.parameters[0])))
        }
    }

    /// Parameter 0: the limit, 0 to 3 (0: no buffering, nothing dropped).
    static var bufferNewest: AsyncSpec {
        AsyncSpec("buffer.newest", "s0.buffer(policy: .bufferingLatest(n))", shape: shape(parameters: [0...3]),
                  model: AsyncModel(judge: { scenario, observed in
                      BufferModel.judge(scenario, limit: scenario.parameters[0], keepsNewest: true, observed)
                  })) {
            AsyncOutput($0.sources[0].buffer(policy: .bufferingLatest($0.parameters[0])))
        }
    }

    /// Parameter 0: the limit, 0 to 3 (0: no buffering, nothing dropped).
    static var bufferOldest: AsyncSpec {
        AsyncSpec("buffer.oldest", "s0.buffer(policy: .bufferingOldest(n))", shape: shape(parameters: [0...3]),
                  model: AsyncModel(judge: { scenario, observed in
                      BufferModel.judge(scenario, limit: scenario.parameters[0], keepsNewest: false, observed)
                  })) {
            AsyncOutput($0.sources[0].buffer(policy: .bufferingOldest($0.parameters[0])))
        }
    }
}
