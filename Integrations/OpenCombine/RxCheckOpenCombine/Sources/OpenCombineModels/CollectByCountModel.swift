import RxCore
import RxModels
import RxTestKit

/// `collect(_ count:)`: "Collects up to the specified number of elements, and then emits a single
/// array of the collection." At `.finished` a partial array is published if it is not empty;
/// a failure discards it. Arrays are read back as one number by `encode`.
public enum CollectByCountModel {
    public static func outcome(_ scenario: Scenario, count: Int, encode: @escaping ([Int]) -> Int) -> Outcome<Int> {
        var buffer: [Int] = []
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                buffer.append(value)
                if buffer.count == count {
                    output.emit(.next(encode(buffer)), at: arrival.tick)
                    buffer = []
                }
            case .completed:
                if !buffer.isEmpty { output.emit(.next(encode(buffer)), at: arrival.tick) }
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
