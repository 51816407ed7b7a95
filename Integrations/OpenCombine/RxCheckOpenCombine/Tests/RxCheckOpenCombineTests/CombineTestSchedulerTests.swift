import Testing
import OpenCombine
import RxCheckOpenCombine
import RxCore
import RxTestKit

@Suite struct CombineTestSchedulerTests {
    @Test func actions_runInTickOrder_andFIFOWithinATick() {
        let clock = TestScheduler(initialClock: 0)
        let scheduler = CombineTestScheduler(clock)
        var log: [String] = []
        scheduler.schedule(after: .init(20)) { log.append("b@\(clock.clock)") }
        scheduler.schedule(after: .init(10)) { log.append("a@\(clock.clock)") }
        scheduler.schedule(after: .init(20)) { log.append("c@\(clock.clock)") }
        clock.start()
        #expect(log == ["a@10", "b@20", "c@20"])
    }

    @Test func scheduleNow_runsLaterInTheSameTick_notInsideTheCall() {
        let clock = TestScheduler(initialClock: 0)
        let scheduler = CombineTestScheduler(clock)
        var log: [String] = []
        clock.scheduleAt(5) {
            scheduler.schedule { log.append("hop@\(clock.clock)") }
            log.append("after the call")
        }
        clock.start()
        #expect(log == ["after the call", "hop@5"])
    }

    @Test func aPastDueTime_meansNow() {
        let clock = TestScheduler(initialClock: 0)
        let scheduler = CombineTestScheduler(clock)
        var ran: [Int] = []
        clock.scheduleAt(30) { scheduler.schedule(after: .init(10)) { ran.append(clock.clock) } }
        clock.start()
        #expect(ran == [30])
    }

    @Test func repeatingActions_runEveryInterval_untilCancelled() {
        let clock = TestScheduler(initialClock: 0)
        let scheduler = CombineTestScheduler(clock)
        var ran: [Int] = []
        let timer = scheduler.schedule(after: .init(10), interval: .seconds(15)) { ran.append(clock.clock) }
        clock.scheduleAt(50) { timer.cancel() }
        clock.start()
        #expect(ran == [10, 25, 40])
    }

    @Test func strides_countWholeTicks() {
        typealias Stride = CombineTestScheduler.SchedulerTimeType.Stride
        #expect(Stride.seconds(3).ticks == 3)
        #expect(Stride.seconds(2.6).ticks == 3)
        #expect(Stride.milliseconds(1_400).ticks == 1)
        #expect(CombineTestScheduler.SchedulerTimeType(10).advanced(by: .seconds(5)).tick == 15)
        #expect(CombineTestScheduler.SchedulerTimeType(10).distance(to: .init(4)).ticks == -6)
    }

    /// OpenCombine's own time operators run on it deterministically.
    @Test func debounce_runsOnVirtualTime() {
        let clock = TestScheduler(initialClock: 0)
        let scheduler = CombineTestScheduler(clock)
        let subject = PassthroughSubject<Int, Never>()
        var received: [String] = []
        let cancellable = subject.debounce(for: .seconds(10), scheduler: scheduler)
            .sink { received.append("\($0)@\(clock.clock)") }
        clock.scheduleAt(100) { subject.send(1) }
        clock.scheduleAt(105) { subject.send(2) }
        clock.scheduleAt(130) { subject.send(3) }
        clock.scheduleAt(200) { cancellable.cancel() }
        clock.start()
        #expect(received == ["2@115", "3@140"])
    }
}
