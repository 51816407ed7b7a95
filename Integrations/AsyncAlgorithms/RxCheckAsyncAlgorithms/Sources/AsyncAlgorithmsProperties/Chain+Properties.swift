import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheckAsync

extension AsyncCatalog {
    static var chain2: AsyncSpec {
        AsyncSpec("chain2", "chain(s0, s1)", shape: shape(2...2),
                  model: .sequence { ChainModel.expected($0, pace: pace($0, operatorParameters: 0), starts: $1.sourceStarts) }) {
            AsyncOutput(chain($0.sources[0], $0.sources[1]))
        }
    }

    static var chain3: AsyncSpec {
        AsyncSpec("chain3", "chain(s0, s1, s2)", shape: shape(3...3),
                  model: .sequence { ChainModel.expected($0, pace: pace($0, operatorParameters: 0), starts: $1.sourceStarts) }) {
            AsyncOutput(chain($0.sources[0], $0.sources[1], $0.sources[2]))
        }
    }
}
