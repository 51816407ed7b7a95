import RxCore
import RxTestKit

let testError = TestError(1)
let otherError = TestError(2)

/// Shorthands so tests read like RxTest's.
func next<T>(_ time: TestTime, _ value: T) -> Recorded<Event<T>> { .next(time, value) }
func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> { .completed(time) }
func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>> { .error(time, error) }
