// Mutants that tear down in the wrong order within one tick: each is seen only through the
// ordered log of operations, most only through its releases (SEMANTICS 1.4).

import RxCore
import RxTestKit

extension Mutant {
    /// Teardown in the wrong order: every timeline and subscription log is right.
    public static let teardown: [Mutant] = [
        // s0 completes: it must be released before s1 is subscribed.
        Mutant(name: "concat subscribes the next source before releasing the finished one", spec: "concat", minimumEvents: 1,
               needs: .releases) { Mutants.concatSubscribesBeforeReleasing($0.sources) },
        // One error: the failed attempt must be released before the next is subscribed.
        Mutant(name: "retry subscribes the next attempt before releasing the failed one", spec: "retry", minimumEvents: 1,
               needs: .releases) { Mutants.retrySubscribesBeforeReleasing($0.sources[0]) },
        // s0 fails: the fallback must be subscribed before s0 is released.
        Mutant(name: "catch releases the failed source before subscribing the fallback", spec: "catch", minimumEvents: 1,
               needs: .releases) { Mutants.catchReleasesBeforeSubscribingFallback($0.sources[0], $0.sources[1]) },
        // s0 fails, s1 follows: s0 must be released before s1 is subscribed.
        Mutant(name: "catch(sequence:) subscribes the next source before releasing the failed one", spec: "catch(sequence:)",
               minimumEvents: 1, needs: .releases) { Mutants.catchSequenceSubscribesBeforeReleasing($0.sources) },
        // No event: when the timer fires, other must be subscribed before the source is disposed.
        Mutant(name: "timeout(other:) disposes the source before subscribing other", spec: "timeout(other:)", minimumEvents: 0,
               needs: .operationOrder) { context in
            Mutants.timeoutDisposesBeforeSubscribingOther(context.sources[0], .seconds(context.parameters[0] * 10),
                                                          other: context.sources[1], scheduler: context.scheduler)
        },
        // An outer element and the outer's completion, then the inner's completion: the inner
        // must be released before the output completes.
        Mutant(name: "switchLatest completes before releasing the last inner", spec: "switchLatest",
               minimumEvents: 3, needs: .releases) { context in
            Mutants.switchLatestForwardsBeforeReleasingTheLastInner(context.sources[0].map { context.inner($0) })
        },
        // One source completes after the subscribe loop: it must be released before the output
        // completes.
        Mutant(name: "merge completes before releasing its last source", spec: "merge", minimumEvents: 1,
               needs: .releases) { Mutants.mergeCompletesBeforeReleasingTheLast($0.sources) },
        // The winner completes at once: its completion goes out before it is released.
        Mutant(name: "amb releases the winner before forwarding its terminal", spec: "amb", minimumEvents: 1,
               needs: .releases) { Mutants.ambReleasesWinnerBeforeItsTerminal($0.sources) },
        // An outer element and the outer's completion, then the inner's completion: the inner
        // must be released before the output completes.
        Mutant(name: "concatMap completes before releasing the last inner", spec: "concatMap",
               minimumEvents: 3, needs: .releases) { context in
            Mutants.concatMapCompletesBeforeReleasingTheLastInner(context.sources[0]) { context.inner($0) }
        },
    ]
}
