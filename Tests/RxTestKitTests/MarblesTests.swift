import Testing
import RxCore
import RxTestKit

@Suite struct MarblesTests {
    @Test func parse_coldDiagram() throws {
        let events: [Recorded<Event<Int>>] = try Marbles.events("-a-(bc)--|", values: ["a": 1, "b": 2, "c": 3])
        #expect(events == [.next(10, 1), .next(30, 2), .next(30, 3), .completed(60)])
    }

    @Test func parse_hotDiagramWithSubscriptionPoint() throws {
        let events: [Recorded<Event<Int>>] = try Marbles.events("-1-^-2-#", ticksPerFrame: 10, origin: 200)
        #expect(events == [.next(180, 1), .next(220, 2), .error(240, TestError())])
    }

    @Test func parse_ignoresSpacesAndUsesDigitsForInt() throws {
        let events: [Recorded<Event<Int>>] = try Marbles.events("1 - 2 |", ticksPerFrame: 1)
        #expect(events == [.next(0, 1), .next(2, 2), .completed(3)])
    }

    @Test func parse_subscription() throws {
        #expect(try Marbles.subscription("--^---!", origin: 100) == Subscription(120, 160))
        #expect(try Marbles.subscription("^", origin: 0) == Subscription(0))
        #expect(try Marbles.subscription("-(^!)") == Subscription(10, 10))
    }

    @Test func parse_errorsPointAtColumn() {
        #expect(throws: MarbleSyntaxError(message: "no value for 'x'", column: 3, marble: "--x")) {
            let _: [Recorded<Event<String>>] = try Marbles.events("--x")
        }
        #expect(throws: MarbleSyntaxError(message: "'(' is never closed", column: 2, marble: "-(ab")) {
            let _: [Recorded<Event<Int>>] = try Marbles.events("-(ab")
        }
        #expect(throws: MarbleSyntaxError(message: "unexpected character '*'", column: 2, marble: "-*")) {
            let _: [Recorded<Event<Int>>] = try Marbles.events("-*")
        }
        #expect(throws: MarbleSyntaxError(message: "event after a terminal event", column: 3, marble: "|-1")) {
            let _: [Recorded<Event<Int>>] = try Marbles.events("|-1")
        }
        #expect(throws: MarbleSyntaxError(message: "'-' inside a group", column: 3, marble: "(a-b)")) {
            let _: [Recorded<Event<Int>>] = try Marbles.events("(a-b)", values: ["a": 1, "b": 2])
        }
    }

    @Test func errorDescription_showsCaretUnderColumn() {
        let error = MarbleSyntaxError(message: "no value for 'x'", column: 3, marble: "--x")
        #expect(error.description == "column 3: no value for 'x'\n  --x\n    ^")
    }

    @Test func print_groupsSameFrame() throws {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 2), .next(230, 3), .completed(250)]
        let diagram = try Marbles.diagram(events, ticksPerFrame: 10, origin: 200) { Character(String($0)) }
        #expect(diagram == "-1-(23)-|")
    }

    @Test func print_hotWithSubscriptionPoint() throws {
        let events: [Recorded<Event<Int>>] = [.next(180, 1), .next(220, 2)]
        let diagram = try Marbles.diagram(events, ticksPerFrame: 10, origin: 170, subscribed: 200) {
            Character(String($0))
        }
        #expect(diagram == "-1-^-2")
        let parsed: [Recorded<Event<Int>>] = try Marbles.events(diagram, ticksPerFrame: 10, origin: 200)
        #expect(parsed == events)
    }

    @Test func print_offGridTickThrows() {
        #expect(throws: MarbleSyntaxError.self) {
            _ = try Marbles.diagram([Recorded<Event<Int>>.next(215, 1)], ticksPerFrame: 10, origin: 200) { _ in "1" }
        }
    }

    @Test func roundTrip_randomTimelines() throws {
        var state: UInt64 = 0x1234
        func draw(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<500 {
            var time = 0
            var events: [Recorded<Event<Int>>] = []
            for _ in 0..<draw(8) {
                time += draw(3) * 5
                events.append(.next(time, draw(10)))
            }
            switch draw(3) {
            case 0: events.append(.completed(time + draw(3) * 5))
            case 1: events.append(.error(time + draw(3) * 5, TestError()))
            default: break
            }
            let diagram = try Marbles.diagram(events, ticksPerFrame: 5, origin: 0) { Character(String($0)) }
            let parsed: [Recorded<Event<Int>>] = try Marbles.events(diagram, ticksPerFrame: 5, origin: 0)
            #expect(parsed == events, "diagram \(diagram)")
        }
    }

    @Test func roundTrip_subscription() throws {
        for subscription in [Subscription(200, 1000), Subscription(300), Subscription(250, 250)] {
            let diagram = try Marbles.diagram(subscription, ticksPerFrame: 50, origin: 200)
            #expect(try Marbles.subscription(diagram, ticksPerFrame: 50, origin: 200) == subscription)
        }
    }
}

@Suite struct TimelineDiffTests {
    @Test func equalTimelines_noDiff() {
        let a: [Recorded<Event<Int>>] = [.next(210, 1)]
        #expect(TimelineDiff.describe(expected: a, actual: a) == nil)
    }

    @Test func oneExtraEvent_showsOneInsertedLineOnly() {
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]
        let actual: [Recorded<Event<Int>>] = [.next(210, 1), .next(215, 9), .next(220, 2), .next(230, 3), .completed(240)]
        let diff = TimelineDiff.describe(expected: expected, actual: actual, context: 1)
        #expect(diff == """
        (- expected, + actual)
          210: next(1)
        + 215: next(9)
          220: next(2)
          … (2 unchanged)
        """)
        #expect(TimelineDiff.firstDifference(expected, actual) == 1)
    }

    /// The shared head and tail stay aligned around changes in a long middle, and a long
    /// run missing on one side shows as removed lines, each once.
    @Test func longTimelines_alignAroundTheChanges() throws {
        let expected: [Recorded<Event<Int>>] = (0..<1_000).map { .next(200 + $0, $0) }
        var actual = expected
        actual.remove(at: 600)
        actual.insert(.next(300, 7), at: 100)
        let diff = try #require(TimelineDiff.describe(expected: expected, actual: actual, context: 0))
        #expect(diff == "(- expected, + actual)\n  … (100 unchanged)\n+ 300: next(7)\n  … (500 unchanged)\n- 800: next(600)\n  … (399 unchanged)")
        let none = try #require(TimelineDiff.describe(expected: expected, actual: [.next(200, 0)], context: 0))
        #expect(none.split(separator: "\n").count == 1 + 1 + 999)
        #expect(none.hasSuffix("- 1199: next(999)"))
    }

    /// Runs of equal events are described once and reused: every line still reads as that
    /// event's own description, whatever the element type — the diff and the marble fallback
    /// list alike.
    @Test func repeatedEvents_readAsTheirOwnDescriptions() throws {
        let ints: [Recorded<Event<Int>>] = (0..<300).map { .next(200 + $0, $0 / 100) } + [.completed(600)]
        let diff = try #require(TimelineDiff.describe(expected: ints, actual: [], context: 0))
        #expect(diff.split(separator: "\n").dropFirst().map(String.init) == ints.map { "- " + $0.description })
        let labels: [Recorded<Event<String>>] = [.next(210, "a b"), .next(220, "a b"), .next(230, "c"), .error(240, TestError(2))]
        var narrow = MarbleSheet(ticks: [0, 1], origin: 0)
        narrow.maxFrames = 10
        #expect(narrow.draw(ints, legend: MarbleLegend()) == ints.map(\.description).joined(separator: ", "))
        #expect(narrow.draw(labels, legend: MarbleLegend()) == labels.map(\.description).joined(separator: ", "))
        // The comparable draw and the generic one agree, legend included.
        let sheet = MarbleSheet(ticks: labels.map(\.time), origin: 200)
        func generic<Element>(_ events: [Recorded<Event<Element>>], _ legend: MarbleLegend) -> String {
            sheet.draw(events, legend: legend)
        }
        let (specialised, plain) = (MarbleLegend(), MarbleLegend())
        #expect(sheet.draw(labels, legend: specialised) == generic(labels, plain))
        #expect(specialised.line == plain.line)
        #expect(specialised.line != nil)
    }

    @Test func subscriptionLogs_diff() {
        let diff = TimelineDiff.describe(expected: [Subscription(200, 300)], actual: [Subscription(200)])
        #expect(diff == "(- expected, + actual)\n- (200, 300)\n+ (200, ∞)")
    }
}

@Suite struct TestSchedulerTests {
    @Test func sameTickActionsRunFIFO_includingOnesQueuedDuringTheTick() {
        let scheduler = TestScheduler(initialClock: 0)
        var order: [String] = []
        scheduler.scheduleAt(10) {
            order.append("a")
            scheduler.scheduleAt(10) { order.append("c") }
        }
        scheduler.scheduleAt(10) { order.append("b") }
        scheduler.scheduleAt(5) { order.append("first") }
        scheduler.start()
        #expect(order == ["first", "a", "b", "c"])
        #expect(scheduler.clock == 10)
    }

    @Test func manyActions_runInTimeThenSequenceOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var seen: [(Int, Int)] = []
        var state: UInt64 = 99
        for index in 0..<5_000 {
            state = state &* 6364136223846793005 &+ 1
            let time = Int(state >> 54)
            scheduler.scheduleAt(time) { seen.append((time, index)) }
        }
        scheduler.start()
        #expect(seen.count == 5_000)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) })
    }

    @Test func relativeZeroDelay_meansNextTick() {
        let scheduler = TestScheduler(initialClock: 7)
        var ranAt: Int?
        _ = scheduler.scheduleRelative((), dueTime: .seconds(0)) { _ in ranAt = scheduler.clock; return Disposables.create() }
        scheduler.start()
        #expect(ranAt == 8)
    }

    @Test func disposedAction_neverRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        let d = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in ran = true; return Disposables.create() }
        d.dispose()
        scheduler.start()
        #expect(!ran)
    }

    @Test func advanceTo_runsDueActionsThenSetsClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran: [Int] = []
        scheduler.scheduleAt(10) { ran.append(10) }
        scheduler.scheduleAt(30) { ran.append(30) }
        scheduler.advanceTo(20)
        #expect(ran == [10] && scheduler.clock == 20)
        scheduler.sleep(5)
        #expect(scheduler.clock == 25)
        scheduler.start()
        #expect(ran == [10, 30])
    }

    @Test func stop_haltsTheRun() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran: [Int] = []
        scheduler.scheduleAt(10) { ran.append(10); scheduler.stop() }
        scheduler.scheduleAt(20) { ran.append(20) }
        scheduler.start()
        #expect(ran == [10])
    }

    @Test func stepBudget_stopsRunawayAndSaysSo() {
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.stepBudget = 100
        let res = scheduler.start { Observable<Int>.interval(.seconds(1), scheduler: scheduler) }
        #expect(scheduler.exceededStepBudget)
        #expect(res.events.count < 100)
    }

    @Test func hotEventAtSubscribeTickIsMissed_atDisposeTickIsRecorded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(200, 1), .next(1000, 2)])
        let res = scheduler.start { xs.asObservable() }
        #expect(res.events == [.next(1000, 2)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func coldEventAtDisposeTick_isNotRecorded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(800, 1)])
        let res = scheduler.start { xs.asObservable() }
        #expect(res.events.isEmpty)
    }

    @Test func createHotObservables_orderChoosesSameTickInterleaving() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservables([[.next(300, 1)], [.next(300, 2)]], order: [(1, 0), (0, 0)])
        let res = scheduler.start { Observable.merge(xs[0].asObservable(), xs[1].asObservable()) }
        #expect(res.events == [.next(300, 2), .next(300, 1)])
    }

    @Test func sourceTerminal_closesItsLogWhateverTheSubscriberDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.completed(50, Int.self)])
        var subscription: Disposable?
        scheduler.scheduleAt(200) { subscription = xs.subscribe { _ in } }
        scheduler.scheduleAt(900) { subscription?.dispose() }
        scheduler.start()
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    /// One spelling of source names everywhere, read back exactly.
    @Test func sourceNames_printAndParseBack() {
        #expect(SourceName.source(12).description == "s12" && SourceName.inner(0).description == "inner0")
        #expect(SourceName("s12") == .source(12) && SourceName("inner3") == .inner(3))
        for bad in ["s", "s-1", "s01", "inner", "x0", "S1", "inner1a"] { #expect(SourceName(bad) == nil, "\(bad)") }
    }

    /// The sides are named in the legend only: values that happen to read "expected" stay as
    /// they are.
    @Test func timelineDiff_labelsNameTheSides_valuesUntouched() throws {
        let diff = try #require(TimelineDiff.describe(expected: [Recorded.next(10, "expected")], actual: [Recorded.next(10, "actual")],
                                                      labels: ("first run", "second run")))
        #expect(diff.split(separator: "\n").map(String.init) == ["(- first run, + second run)", "- 10: next(expected)", "+ 10: next(actual)"])
    }
}
