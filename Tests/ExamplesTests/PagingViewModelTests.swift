import Testing
import RxCheck
import RxCheckTesting
import RxCore
import RxTestKit
import RxTestKitTesting

/// Scripted, RxTest style.
@Suite struct PagingViewModelScriptedTests {
    @Test func loadsFirstPage_thenNextOnReachingBottom_ignoresBottomWhileLoading() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = MockPageService(scheduler: scheduler)
        let bottom = scheduler.createHotObservable([.next(210, ()), .next(240, ()), .next(250, ())])
        var viewModel: PagingViewModel?
        scheduler.scheduleAt(200) {
            viewModel = PagingViewModel(service: service, reachedBottom: bottom.asObservable(), retry: .never())
        }
        let observer = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) { _ = viewModel?.state.asObservable().map(\.description).subscribe(observer) }
        scheduler.start()
        #expect(observer.events == [
            .next(200, "0 items, loading"),
            .next(225, "3 items, idle"),       // the bottom at 210 came while loading: ignored
            .next(240, "3 items, loading"),
            .next(265, "6 items, idle"),       // the bottom at 250 came while loading: ignored
        ])
        #expect(service.calls == 2)
    }

    @Test func failure_showsFailed_untilRetryLoadsThePageAgain() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = MockPageService(scheduler: scheduler)
        service.failingCalls = [0]
        let bottom = scheduler.createHotObservable([.next(230, ())])
        let retry = scheduler.createHotObservable([.next(240, ())])
        var viewModel: PagingViewModel?
        let observer = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) {
            viewModel = PagingViewModel(service: service, reachedBottom: bottom.asObservable(), retry: retry.asObservable())
            _ = viewModel?.state.asObservable().map(\.description).subscribe(observer)
        }
        scheduler.start()
        #expect(observer.events == [
            .next(200, "0 items, loading"),
            .next(225, "0 items, failed"),
            .next(240, "0 items, loading"),   // the bottom at 230 was ignored: failed
            .next(265, "3 items, idle"),
        ])
    }
}

/// Generated: random "reached bottom" and "retry" timelines and failing calls, against a
/// small model of the screen.
@Suite struct PagingViewModelPropertyTests {
    /// s0: reached bottom, s1: retry; parameter: a bit mask of which service calls fail.
    static var shape: ScenarioShape {
        var shape = ScenarioShape.hot(2)
        shape.completions = false
        shape.errors = false
        shape.tickStep = 5
        shape.parameters = [0...15]
        return shape
    }

    /// The screen's state after each change, from the inputs and the 25-tick service alone.
    static func model(_ scenario: Scenario) -> [Recorded<Event<String>>] {
        var items = 0, loading = true, failed = false, calls = 0
        var states = [Recorded(time: scenario.subscribed, value: Event<String>.next("0 items, loading"))]
        var responseAt: Int? = scenario.subscribed + 25
        var callFails = scenario.parameters[0] & 1 != 0
        func record(_ tick: Int) {
            states.append(Recorded(time: tick, value: .next("\(items) items, \(loading ? "loading" : failed ? "failed" : "idle")")))
        }
        func request(_ tick: Int) {
            calls += 1
            callFails = calls < 4 && scenario.parameters[0] & (1 << calls) != 0
            loading = true
            failed = false
            responseAt = tick + 25
            record(tick)
        }
        // Hot inputs at the dispose tick still arrive (they were queued before the harness
        // disposes); a response due then does not (it was queued during the run).
        let inputs = scenario.hotOrder.map { (scenario.event($0).tick, $0.source) }
            .filter { $0.0 > scenario.subscribed && $0.0 <= scenario.disposed }
        var index = 0
        while true {
            // Inputs at a tick come before a response due at that tick (queued earlier).
            let nextInput = index < inputs.count ? inputs[index].0 : Int.max
            if let due = responseAt, due < nextInput, due < scenario.disposed {
                responseAt = nil
                loading = false
                if callFails { failed = true } else { items += 3 }
                record(due)
                continue
            }
            guard index < inputs.count else { break }
            let (tick, source) = inputs[index]
            index += 1
            if source == 0 && !loading && !failed { request(tick) }
            if source == 1 && failed { request(tick) }
        }
        return states
    }

    @Test func screenState_matchesTheModel() {
        check(.scenario("paging.state", summary: "pages, loading and failed follow the inputs", shape: Self.shape) { scenario in
            let run = scenario.run { context in
                let service = MockPageService(scheduler: context.scheduler)
                service.failingCalls = Set((0..<4).filter { context.parameters[0] & (1 << $0) != 0 })
                return Observable.deferred {
                    let viewModel = PagingViewModel(service: service, reachedBottom: context.sources[0].map { _ in () },
                                                    retry: context.sources[1].map { _ in () })
                    return viewModel.state.asObservable().map(\.description).do(keepingAlive: viewModel)
                }
            }
            let expected = Self.model(scenario)
            let actual = run.outcome.events
            return actual == expected ? .pass
                : .fail(Failure(.mismatch, "the screen differs from the model",
                                details: ScenarioCheck.drawing(scenario) + [TimelineDiff.describe(expected: expected, actual: actual) ?? ""]))
        })
    }
}

extension ObservableType {
    /// Keeps `object` alive as long as the subscription.
    func `do`(keepingAlive object: AnyObject) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            let subscription = source.subscribe(observer)
            return Disposables.create { withExtendedLifetime(object) { subscription.dispose() } }
        }
    }
}
