import Foundation
import RxCheckAsync
import Testing

/// The seeded executor on its own: jobs taken from the runtime, run on the calling thread in the
/// order the picks say, virtual time moving only when nothing is ready.
@Suite struct SeededExecutorTests {
    /// A log the tasks of one run append to (they all run on the test's thread).
    final class Log: @unchecked Sendable {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    func twoTasks(picks: [Int]) -> (log: [String], decisions: [SeededExecutor.Decision]) {
        let executor = SeededExecutor(picks: picks)
        let log = Log()
        executor.activate {
            Task { log.add("a") }
            Task { log.add("b") }
            executor.runUntilQuiescent()
        }
        return (log.entries, executor.decisions)
    }

    @Test func everyJobRunsOnTheCallingThread_inTheOrderThePicksSay() {
        #expect(twoTasks(picks: []).log == ["a", "b"])
        #expect(twoTasks(picks: [0]).log == ["a", "b"])
        #expect(twoTasks(picks: [1]).log == ["b", "a"])
        // A pick is taken modulo the number of ready jobs.
        #expect(twoTasks(picks: [3]).log == ["b", "a"])
        #expect(twoTasks(picks: [1]).decisions == [SeededExecutor.Decision(tick: 0, ready: 2, picked: 1)])
    }

    @Test func aTaskRunsOnTheTestThread() {
        let executor = SeededExecutor()
        let here = pthread_self()
        let log = Log()
        executor.activate {
            Task { log.add(pthread_equal(pthread_self(), here) != 0 ? "same thread" : "another thread") }
            executor.runUntilQuiescent()
        }
        #expect(log.entries == ["same thread"])
    }

    /// Jobs run on the generic executor, as the global pool runs them: a continuation resumed
    /// inside the job, or a call into a nonisolated async function, is no hop.
    @Test func jobsRunOnTheGenericExecutor_soNothingHops() {
        let executor = SeededExecutor()
        executor.activate {
            Task {
                for _ in 0..<10 { await withCheckedContinuation { $0.resume() } }
            }
            executor.runUntilQuiescent()
        }
        #expect(executor.jobsRun == 1)
    }

    @Test func theVirtualClockMovesOnlyWhenNothingIsReady() {
        let executor = SeededExecutor(start: 100)
        let clock = VirtualClock(executor)
        let log = Log()
        executor.activate {
            Task {
                try await clock.sleep(until: .init(tick: 130))
                log.add("woke at \(clock.now.tick)")
            }
            Task {
                log.add("ran at \(clock.now.tick)")
                try await clock.sleep(until: clock.now.advanced(by: .seconds(10)))
                log.add("woke at \(clock.now.tick)")
            }
            executor.run(through: 1_000)
        }
        #expect(log.entries == ["ran at 100", "woke at 110", "woke at 130"])
        #expect(executor.now == 130)
        #expect(executor.pendingSleeps.isEmpty)
    }

    @Test func aCancelledSleepEndsAtOnce_andAPastDeadlineReturns() {
        let executor = SeededExecutor(start: 50)
        let clock = VirtualClock(executor)
        let log = Log()
        executor.activate {
            let sleeper = Task {
                do { try await clock.sleep(until: .init(tick: 500)) } catch { log.add("\(type(of: error)) at \(clock.now.tick)") }
            }
            Task {
                try await clock.sleep(until: .init(tick: 10))
                log.add("past deadline returned at \(clock.now.tick)")
            }
            executor.runUntilQuiescent()
            #expect(executor.pendingSleeps == [500])
            sleeper.cancel()
            executor.runUntilQuiescent()
        }
        #expect(log.entries == ["past deadline returned at 50", "CancellationError at 50"])
        #expect(executor.pendingSleeps.isEmpty)
    }

    @Test func runningOutOfJobs_isARunaway() {
        let executor = SeededExecutor(jobBudget: 50)
        executor.activate {
            // Each turn starts a task that resumes the loop: a job every time, for ever.
            Task {
                while !Task.isCancelled {
                    await withCheckedContinuation { continuation in Task { continuation.resume() } }
                }
            }
            executor.runUntilQuiescent()
        }
        #expect(executor.isRunaway)
        #expect(executor.jobsRun == 50)
        executor.activate { executor.tearDown(jobBudget: 0) }
    }

    /// A task started on another thread while a run is active is not taken: it runs on the real
    /// global executor. (The run is active on a thread of its own; the test waits without
    /// blocking a thread of the pool the task needs.)
    @Test func jobsFromAnotherThreadAreLeftAlone() async {
        let executor = SeededExecutor()
        let ran = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread {
                executor.activate {
                    DispatchQueue.global().async {
                        Task { continuation.resume(returning: true) }
                    }
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }.start()
        }
        #expect(ran)
        #expect(executor.jobsRun == 0)
    }
}
