import RxCore
import RxTestKit

let testError = TestError(1)
let otherError = TestError(2)

/// Shorthands so tests read like RxTest's.
func next<T>(_ time: TestTime, _ value: T) -> Recorded<Event<T>> { .next(time, value) }
func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> { .completed(time) }
func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>> { .error(time, error) }

/// Runs `build` over a hot source of `events` with RxTest's defaults; returns the output and the
/// source's subscription log.
func runHot(_ events: [Recorded<Event<Int>>], _ build: @escaping (Observable<Int>) -> Observable<Int>)
    -> ([Recorded<Event<Int>>], [Subscription]) {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(events)
    let res = scheduler.start { build(xs.asObservable()) }
    return (res.events, xs.subscriptions)
}
