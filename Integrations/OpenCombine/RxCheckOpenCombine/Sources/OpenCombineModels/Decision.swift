import RxCore
import RxModels
import RxTestKit

/// The shape of `contains` and `allSatisfy`: the first element for which `decides` gives an
/// answer publishes it with `.finished` and cancels the upstream; a finished upstream publishes
/// `atFinish`; a failure is passed on.
enum Decision {
    static func outcome(_ scenario: Scenario, decides: @escaping (Int) -> Int?, atFinish: Int) -> Outcome<Int> {
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                if let answer = decides(value) {
                    output.emit(.next(answer), at: arrival.tick)
                    output.emit(.completed, at: arrival.tick)
                }
            case .completed:
                output.emit(.next(atFinish), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            case .error: output.forwardTerminal(arrival)
            }
        }
    }
}
