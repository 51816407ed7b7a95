import Testing
import RxCheck
import RxCheckTesting
import RxCore
import RxTestKit
import RxTestKitTesting

/// Scripted, RxTest style: the timelines someone thought of.
@Suite struct LoginViewModelScriptedTests {
    @Test func buttonEnablesWhenBothFieldsAreLongEnough() {
        let scheduler = TestScheduler(initialClock: 0)
        let viewModel = LoginViewModel()
        let usernames = scheduler.createHotObservable([.next(210, "ad"), .next(220, "adam5"), .next(260, "ad")])
        let passwords = scheduler.createHotObservable([.next(230, "secret")])
        _ = usernames.subscribe(onNext: viewModel.username.accept)
        _ = passwords.subscribe(onNext: viewModel.password.accept)

        let enabled = scheduler.start { viewModel.isLoginEnabled }

        #expect(enabled.events == [.next(200, false), .next(230, true), .next(260, false)])
    }

    @Test func tapSubmitsTheLatestCredentials() {
        let scheduler = TestScheduler(initialClock: 0)
        let viewModel = LoginViewModel()
        let usernames = scheduler.createHotObservable([.next(210, "adam5")])
        let passwords = scheduler.createHotObservable([.next(220, "secret")])
        let taps = scheduler.createHotObservable([.next(215, ()), .next(230, ())])
        _ = usernames.subscribe(onNext: viewModel.username.accept)
        _ = passwords.subscribe(onNext: viewModel.password.accept)
        _ = taps.subscribe(onNext: viewModel.loginTaps.accept)

        let attempts = scheduler.start { viewModel.loginAttempts }

        #expect(attempts.events == [.next(215, "adam5:"), .next(230, "adam5:secret")])
    }
}

/// Generated: the same view model over random input timelines, against a small model.
@Suite struct LoginViewModelPropertyTests {
    /// s0: username lengths, s1: password lengths, s2: taps; inputs never end.
    static var shape: ScenarioShape {
        var shape = ScenarioShape.hot(3)
        shape.values = 9
        shape.completions = false
        shape.errors = false
        return shape
    }

    /// The view model driven by a scenario: each source feeds its input from the start.
    static func run(_ scenario: Scenario, output: @escaping (LoginViewModel) -> Observable<String>) -> [Recorded<Event<String>>] {
        scenario.run { context in
            let viewModel = LoginViewModel()
            _ = context.sources[0].subscribe(onNext: { viewModel.username.accept(String(repeating: "u", count: $0)) })
            _ = context.sources[1].subscribe(onNext: { viewModel.password.accept(String(repeating: "p", count: $0)) })
            _ = context.sources[2].subscribe(onNext: { _ in viewModel.loginTaps.accept(()) })
            return output(viewModel)
        }.outcome.events
    }

    /// What the screen should show: `false` at subscription, then the validity after every
    /// input event, without repeats; and the credentials at every tap after subscribing.
    static func model(_ scenario: Scenario) -> (enabled: [Recorded<Event<String>>], attempts: [Recorded<Event<String>>]) {
        var username = 0, password = 0
        var enabled = [Recorded(time: scenario.subscribed, value: Event<String>.next("false"))]
        var attempts: [Recorded<Event<String>>] = []
        for ref in scenario.hotOrder {
            let event = scenario.event(ref)
            guard case .next(let value) = event.value, event.tick <= scenario.disposed else { continue }
            let live = event.tick > scenario.subscribed
            switch ref.source {
            case 0: username = value
            case 1: password = value
            default:
                if live {
                    attempts.append(Recorded(time: event.tick, value: .next(
                        String(repeating: "u", count: username) + ":" + String(repeating: "p", count: password))))
                }
            }
            let valid = "\(username >= 5 && password >= 5)"
            if live, ref.source < 2, enabled.last?.value.element != valid {
                enabled.append(Recorded(time: event.tick, value: .next(valid)))
            }
        }
        return (enabled, attempts)
    }

    @Test func isLoginEnabled_matchesTheModel() {
        check(.scenario("login.isLoginEnabled", summary: "the button follows both fields", shape: Self.shape) { scenario in
            let actual = Self.run(scenario) { $0.isLoginEnabled.map { "\($0)" } }
            let expected = Self.model(scenario).enabled
            return actual == expected ? .pass
                : .fail(Failure(.mismatch, "isLoginEnabled differs from the model",
                                details: [TimelineDiff.describe(expected: expected, actual: actual) ?? ""]))
        })
    }

    @Test func loginAttempts_matchTheModel() {
        check(.scenario("login.loginAttempts", summary: "a tap submits the latest credentials", shape: Self.shape) { scenario in
            let actual = Self.run(scenario) { $0.loginAttempts }
            let expected = Self.model(scenario).attempts
            return actual == expected ? .pass
                : .fail(Failure(.mismatch, "loginAttempts differ from the model",
                                details: [TimelineDiff.describe(expected: expected, actual: actual) ?? ""]))
        })
    }
}
