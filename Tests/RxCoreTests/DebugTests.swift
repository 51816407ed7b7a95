import Testing
import RxCore
import RxTestKit

@Suite struct DebugTests {
    @Test func debug_logsSubscribeEventsAndDispose_andPassesEverythingThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), completed(220)])
        var lines: [String] = []
        let res = scheduler.start {
            xs.debug("xs", timestamp: { "\(scheduler.clock)" }, log: { lines.append($0) })
        }
        #expect(res.events == [next(210, 1), completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(lines == ["200: xs -> subscribed", "210: xs -> Event next(1)", "220: xs -> Event completed", "220: xs -> isDisposed"])
    }

    @Test func debug_disposedFromOutside_logsIsDisposedOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1)])
        var lines: [String] = []
        _ = scheduler.start(disposed: 300) { xs.debug("xs", timestamp: { "\(scheduler.clock)" }, log: { lines.append($0) }) }
        #expect(lines == ["200: xs -> subscribed", "210: xs -> Event next(1)", "300: xs -> isDisposed"])
    }

    @Test func debug_defaultIdentifierNamesFileLineAndFunction_trimOutputShortensLongEvents() {
        var lines: [String] = []
        let long = String(repeating: "a", count: 60)
        _ = Observable.just(long)
            .debug(trimOutput: true, file: "/x/y/Model.swift", line: 12, function: "load()", timestamp: { "t" }, log: { lines.append($0) })
            .subscribe { _ in }
        #expect(lines.first == "t: Model.swift:12 (load()) -> subscribed")
        let event = "next(\(long))"
        #expect(lines[1] == "t: Model.swift:12 (load()) -> Event \(event.prefix(20))...\(event.suffix(20))")
        #expect(lines.count == 4)
    }
}
