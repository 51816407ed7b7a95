// The objects a thread keeps from one scenario run to the next, and their lifecycle in one place.
//
// A run takes, in this order, the thread's spare scheduler (`SpareScheduler`), the harness kept
// with it (`Harness.take`) with its main observer (`RecordingObserver.reload`), the hot sources
// kept with it (`HotSourceSpares`) and its hot feed (`HotFeed.reusable`); anything missing is
// made new. When the run is over and the caller has its `ScenarioRun`, each is put back
// (`keep`/`putBack`) only if nothing else holds it: code under test may keep a source, a
// scheduler or an observer it was handed, and such an object is left to it. Something kept is
// reset when taken, never when put back, and one that grew large (a runaway's queue, a long
// log) is let go instead, so a thread's memory stays at its usual runs' size. Nothing crosses
// threads: every slot is per thread.

import Foundation
import RxCore

/// A scheduler's spare hot sources: a scenario run takes its hot sources from them before it
/// makes any, and the caller puts back those its run is done with, so a thread's runs make
/// and free no source objects. A source is kept only when nothing but the run's list holds it
/// (code under test may keep a source it was handed) and nothing of the run is left in it.
enum HotSourceSpares {
    /// The most a scheduler keeps: a scenario has a few sources.
    static let largestKept = 8
    /// The longest log a kept source may have room for.
    static let largestLogKept = 64

    /// A spare of `scheduler` delivering `timeline`, or a new source.
    static func take(from scheduler: VirtualTimeScheduler, timeline: [TimelineEvent]) -> HotObservable<Int> {
        guard let spare = scheduler.spareHotSources.popLast() else {
            return HotObservable<Int>(scheduler: scheduler, timeline: timeline)
        }
        spare.reuse(timeline: timeline)
        return spare
    }

    /// Keeps, cleared, each hot source of `made` that only the list holds; empties the list,
    /// which keeps its room.
    static func keep(_ made: inout [Observable<Int>], on scheduler: VirtualTimeScheduler) {
        // Each taken out of the list, not read from it: a read would retain it.
        while var source = made.popLast() {
            // The class compared, not cast to: a cast asks the runtime.
            guard scheduler.spareHotSources.count < largestKept, type(of: source) == HotObservable<Int>.self,
                  isKnownUniquelyReferenced(&source) else { continue }
            let hot = unsafeDowncast(consume source, to: HotObservable<Int>.self)
            // One whose log grew long (resubscribed over and over) is let go with it.
            guard hot.isIdle, hot.subscriptions.capacity <= largestLogKept else { continue }
            hot.clear()
            scheduler.spareHotSources.append(hot)
        }
    }
}

/// One spare scheduler per thread for the next scenario run there: a scheduler nothing else
/// holds once its run is over is reset and kept, instead of being freed and another made (an
/// object, its clock and two arrays). One that code under test still holds is left to it, and
/// one whose queue grew large (a runaway's) is let go rather than kept at that size.
enum SpareScheduler {
    static let largestKept = 1_024

    private static let slot = ThreadSlot<TestScheduler>()

    /// The thread's spare, if it has one (then it has none until `keep`).
    static func take() -> TestScheduler? { slot.take() }

    /// Keeps `scheduler`, reset, as the thread's spare when nothing else holds it.
    static func keep(_ scheduler: inout TestScheduler) {
        guard isKnownUniquelyReferenced(&scheduler), scheduler.capacity <= largestKept, slot.isEmpty else { return }
        scheduler.reset(initialClock: 0)
        slot.put(scheduler)
    }
}
