import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    /// Events as numbers: `next(x)` → x, `completed` → 90, `error(id)` → 100 + id.
    static func encode(_ event: Event<Int>) -> Int {
        switch event {
        case .next(let value): return value
        case .completed: return 90
        case .error(let error): return 100 + ((error as? TestError)?.id ?? 0)
        }
    }

    /// Numbers as events: 0 to 2 are elements, 3 is `completed`, 4 is `error(TestError(3))`.
    static func decode(_ value: Int) -> Event<Int> {
        switch value {
        case 3: return .completed
        case 4: return .error(TestError(3))
        default: return .next(value)
        }
    }

    static var materialize: OperatorSpec {
        OperatorSpec("materialize", "materialize turns every event into an element and never fails", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].materialize().map(encode) },
                     model: { MaterializeModel.outcome($0).mapElements(encode) })
    }

    static var dematerialize: OperatorSpec {
        OperatorSpec("dematerialize", "dematerialize replays event elements as events", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].map(decode).dematerialize() },
                     model: { MaterializeModel.outcome(dematerializing: $0, decode: decode) })
    }
}
