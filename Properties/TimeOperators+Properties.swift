import RxCheck
import RxCore
import RxModels
import RxTestKit

// Time-based operators take their durations from the case (multiples of the 10-tick grid,
// including 0, so timers collide with events and with the dispose tick).
extension Catalog {
    static var timeShape: ScenarioShape { shape(1...1, parameters: [0...6]) }
    static func ticks(_ scenario: Scenario) -> Int { scenario.parameters[0] * 10 }
    static func duration(_ context: ScenarioContext) -> RxTimeInterval { .seconds(context.parameters[0] * 10) }
}
