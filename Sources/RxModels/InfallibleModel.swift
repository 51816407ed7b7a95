import RxCore
import RxTestKit

/// asInfallible(onErrorJustReturn:): elements and completion mirrored; an error becomes
/// `element` and completion at its tick.
public enum InfallibleModel {
    public static func outcome(_ scenario: Scenario, onErrorJustReturn element: Int) -> Outcome<Int> {
        SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value): output.emit(.next(value), at: arrival.tick)
            case .completed: output.emit(.completed, at: arrival.tick)
            case .error:
                output.emit(.next(element), at: arrival.tick)
                output.emit(.completed, at: arrival.tick)
            }
        }
    }
}
