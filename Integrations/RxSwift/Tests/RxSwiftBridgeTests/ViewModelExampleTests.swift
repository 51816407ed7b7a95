// For RxSwift users: a view model written with RxSwift's API, fed generated input timelines
// through the bridge and held to a small model of what the screen should show — and the same
// property catching a view model that forgets one rule.

import Testing
import RxCheck
import RxCheckRxSwift
import RxSwift
import RxSwiftBridge
import RxTestKit

/// A login screen in RxSwift's terms: the button is enabled when both fields are long enough.
final class LoginScreen {
    let username = BehaviorSubject(value: "")
    let password = BehaviorSubject(value: "")
    let isLoginEnabled: Observable<Bool>

    init(minimumLength: Int = 5, checksPassword: Bool = true) {
        let usernameValid = username.map { $0.count >= minimumLength }
        let passwordValid = password.map { checksPassword ? $0.count >= minimumLength : true }
        isLoginEnabled = Observable.combineLatest(usernameValid, passwordValid) { $0 && $1 }.distinctUntilChanged()
    }
}

@Suite struct ViewModelExampleTests {
    /// s0: username lengths, s1: password lengths; inputs never end.
    static var shape: ScenarioShape {
        var shape = ScenarioShape.hot(2)
        shape.values = 9
        shape.completions = false
        shape.errors = false
        return shape
    }

    /// The screen over the scenario's inputs: each source feeds its field, the output is the
    /// button's state as 0 or 1.
    static func run(_ scenario: Scenario, _ screen: @escaping () -> LoginScreen) -> BridgeOutcome {
        RxSwiftBridge.run(BridgeScenario(scenario)) { context in
            let screen = screen()
            _ = context.sources[0].subscribe(onNext: { screen.username.onNext(String(repeating: "u", count: $0)) })
            _ = context.sources[1].subscribe(onNext: { screen.password.onNext(String(repeating: "p", count: $0)) })
            return screen.isLoginEnabled.map { $0 ? 1 : 0 }
        }
    }

    /// What the button should show: disabled at subscription, then the validity after every
    /// input event the screen saw, without repeats.
    static func model(_ scenario: Scenario) -> [BridgeEvent] {
        var (username, password) = (0, 0)
        var shown = [BridgeEvent(scenario.subscribed, .next, 0)]
        for ref in scenario.hotOrder {
            let event = scenario.event(ref)
            guard case .next(let value) = event.value else { continue }
            if ref.source == 0 { username = value } else { password = value }
            let valid = username >= 5 && password >= 5 ? 1 : 0
            if event.tick > scenario.subscribed, event.tick <= scenario.disposed, shown.last?.value != valid {
                shown.append(BridgeEvent(event.tick, .next, valid))
            }
        }
        return shown
    }

    static func property(_ name: String, _ screen: @escaping () -> LoginScreen) -> Property<Scenario> {
        .scenario(name, summary: "the button follows both fields", shape: shape) { scenario in
            let run = Self.run(scenario, screen)
            return run.events == Self.model(scenario) ? .pass
                : .fail(Failure(.mismatch, "the button's state differs from the model",
                                details: ["expected \(Self.model(scenario))", "actual   \(run.events)"]))
        }
    }

    @Test func loginScreen_followsBothFields() {
        #expect(Runner.run(Self.property("login") { LoginScreen() }).passed)
    }

    /// A screen that forgets to check the password is caught, shrunk to one username event.
    @Test func aScreenThatForgetsThePassword_isCaught() throws {
        let report = Runner.run(Self.property("login.forgetful") { LoginScreen(checksPassword: false) })
        let failure = try #require(report.failure)
        #expect(failure.shrunk.eventCount == 1, "\(failure.shrunk)")
    }
}
