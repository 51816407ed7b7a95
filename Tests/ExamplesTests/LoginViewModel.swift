import RxCore

/// The classic login screen: the button is enabled when both fields are long enough, and a
/// tap submits the current credentials.
final class LoginViewModel {
    let username = BehaviorRelay(value: "")
    let password = BehaviorRelay(value: "")
    let loginTaps = PublishRelay<Void>()

    /// Whether the login button is enabled; `false` until the fields say otherwise.
    let isLoginEnabled: Observable<Bool>
    /// The credentials at each tap.
    let loginAttempts: Observable<String>

    init(minimalUsernameLength: Int = 5, minimalPasswordLength: Int = 5) {
        let usernameValid = username.asObservable().map { $0.count >= minimalUsernameLength }.share(replay: 1)
        let passwordValid = password.asObservable().map { $0.count >= minimalPasswordLength }.share(replay: 1)
        isLoginEnabled = Observable.combineLatest(usernameValid, passwordValid) { $0 && $1 }
            .startWith(false)
            .distinctUntilChanged()
        let credentials = Observable.combineLatest(username.asObservable(), password.asObservable()) { "\($0):\($1)" }
        loginAttempts = loginTaps.asObservable().withLatestFrom(credentials)
    }
}
