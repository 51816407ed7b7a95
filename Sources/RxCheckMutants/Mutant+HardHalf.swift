// Mutants whose bugs live only in the hard half of the timeline space (synchronous sources,
// several subscribers, re-entrant delivery): each names the one capability that exposes it.

import RxCore
import RxTestKit

extension Mutant {
    /// Bugs that live only in the hard half of the timeline space: synchronous sources,
    /// several subscribers. Each names the capability that alone exposes it.
    public static let hardHalf: [Mutant] = [
        // One element seen by two subscribers: the second sum starts from the first's.
        Mutant(name: "scan shares its accumulator between subscriptions", spec: "scan", minimumEvents: 1,
               needs: .independentSubscriptions) { Mutants.scanSharesAccumulator($0.sources[0]) },
        // take(1) of one element, two subscribers: the second gets nothing.
        Mutant(name: "take counts across subscriptions", spec: "take", minimumEvents: 1,
               needs: .independentSubscriptions) { Mutants.takeCountsAcrossSubscriptions($0.sources[0], $0.parameters[0]) },
        // No events, two subscribers: the second misses the prefix.
        Mutant(name: "startWith emits its prefix to the first subscriber only", spec: "startWith", minimumEvents: 0,
               needs: .independentSubscriptions) { Mutants.startWithPrefixOnce($0.sources[0], $0.parameters[0]) },
        // One element seen by two subscribers: the second drops it as a repeat.
        Mutant(name: "distinctUntilChanged remembers across subscriptions", spec: "distinctUntilChanged", minimumEvents: 1,
               needs: .independentSubscriptions) { Mutants.distinctRemembersAcrossSubscriptions($0.sources[0]) },
        // skip(1) of one element, two subscribers: the second gets it.
        Mutant(name: "skip counts across subscriptions", spec: "skip", minimumEvents: 1,
               needs: .independentSubscriptions) { Mutants.skipCountsAcrossSubscriptions($0.sources[0], $0.parameters[0]) },
        // second emits for the first subscriber only, then first emits for both: the second
        // subscriber must drop it.
        Mutant(name: "withLatestFrom remembers across subscriptions", spec: "withLatestFrom", minimumEvents: 2,
               needs: .independentSubscriptions) { Mutants.withLatestFromRemembersAcrossSubscriptions($0.sources[0], $0.sources[1]) },
        // s0 fails inside subscribe: s1 still gets a zero-length entry.
        Mutant(name: "combineLatest skips sources after a synchronous end", spec: "combineLatest", minimumEvents: 1,
               needs: .synchronousSources) { Mutants.combineLatestSkipsLateSources($0.sources[0], $0.sources[1]) },
        // A synchronous outer of two elements whose first inner fails inside subscribe: the
        // second inner must still get its zero-length entry.
        Mutant(name: "merge() skips inners after the output ended", spec: "merge()", minimumEvents: 3,
               needs: .synchronousSources) { context in Mutants.mergeSkipsInnersAfterTheEnd(context.sources[0].map { context.inner($0) }) },
        // A synchronous outer of two elements whose first inner fails inside subscribe: the
        // second inner is subscribed and must be released at once.
        Mutant(name: "switchLatest keeps inners subscribed after the output ended", spec: "switchLatest", minimumEvents: 3,
               needs: .synchronousSources, alsoSeenBy: [.operationOrder]) { context in
            Mutants.switchLatestKeepsInnersAfterTheEnd(context.sources[0].map { context.inner($0) })
        },
        // The source completes empty inside subscribe: other must stay subscribed.
        Mutant(name: "ifEmpty(switchTo:) overwrites other's subscription", spec: "ifEmpty(switchTo:)", minimumEvents: 1,
               needs: .synchronousSources) { Mutants.ifEmptyOverwritesOther($0.sources[0], $0.sources[1]) },
        // The first source fails inside subscribe: the second must stay subscribed.
        Mutant(name: "catch(sequence:) overwrites the next subscription", spec: "catch(sequence:)", minimumEvents: 1,
               needs: .synchronousSources, alsoSeenBy: [.releases]) { Mutants.catchSequenceOverwritesNext($0.sources) },
        // The source completes empty inside subscribe, then other fails inside its own.
        Mutant(name: "skip(until:) forwards an error after ending silently", spec: "skip(until:)", minimumEvents: 2,
               needs: .synchronousSources) { Mutants.skipUntilForwardsAfterSilentEnd($0.sources[0], $0.sources[1]) },
        // second emits, first emits, and the observer sends a value back into second as it
        // receives the pair; first emits again: it must be paired with the value sent back.
        Mutant(name: "withLatestFrom drops a value of the second source that arrives during delivery", spec: "withLatestFrom",
               minimumEvents: 3, needs: .feedbackIntoOtherSources) { Mutants.withLatestFromDropsReentrantSecond($0.sources[0], $0.sources[1]) },
        // No events: a prefix of thousands, the smallest the generator draws.
        Mutant(name: "startWith recurses once per prefix element", spec: "startWith(prefix)", minimumEvents: 0,
               needs: .largeCases) { context in
            // The catalog's prefix (Catalog.longPrefix): one to three elements, or thousands.
            let (first, count) = (context.parameters[0], context.parameters[1])
            let prefix = first == 9 ? Array(repeating: 9, count: count) : Array(repeating: first, count: 1 + first % 3)
            return Mutants.startWithRecursesPerElement(context.sources[0], prefix)
        },
        // take(1) of a behavior source with an initial element: released at once, not at 1000.
        Mutant(name: "take leaks a source it finished with inside subscribe", spec: "take", minimumEvents: 1,
               needs: .behaviorSources, alsoSeenBy: [.operationOrder]) { Mutants.takeLeaksSourceDoneInsideSubscribe($0.sources[0], $0.parameters[0]) },
        // The first source completes inside subscribe: the second still gets a zero-length entry.
        Mutant(name: "amb skips losers after a synchronous winner", spec: "amb", minimumEvents: 1,
               needs: .synchronousSources) { Mutants.ambSkipsLateLosers($0.sources) },
        // No events: the observer disposes on the timer's element and must hear nothing more.
        Mutant(name: "timer completes after its observer disposed", spec: "timer", minimumEvents: 0,
               needs: .disposalInsideOnNext) { TimerCompletingAfterDispose(due: .seconds($0.parameters[0] * 10), scheduler: $0.scheduler) },
        // A synchronous source of two elements; the observer disposes on the first.
        Mutant(name: "delaySubscription forwards after its observer disposed", spec: "delaySubscription", minimumEvents: 2,
               needs: .disposalInsideOnNext) {
            DelaySubscriptionForwardingAfterDispose(source: $0.sources[0], due: .seconds($0.parameters[0] * 10), scheduler: $0.scheduler)
        },
        // The last element, with a value fed back while it is delivered.
        Mutant(name: "take(until:) forwards an element fed back during its last", spec: "take(until:behavior:)", minimumEvents: 1,
               needs: .feedback) { Mutants.takeUntilForwardsFedBack($0.sources[0]) { $0 >= 3 } },
        // take(1) of one element, with a value fed back while it is delivered.
        Mutant(name: "take counts an element only after forwarding it", spec: "take", minimumEvents: 1,
               needs: .feedback) { Mutants.takeCountsAfterForwarding($0.sources[0], $0.parameters[0]) },
        // One element and the completion that flushes it: the timer still runs.
        Mutant(name: "debounce leaves its timer armed after completing", spec: "debounce", minimumEvents: 2,
               needs: .quietAfterEnd) { Mutants.debounceLeavesTimerArmed($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler) },
        // No events, disposed before the timeout is due: the timer still runs.
        Mutant(name: "timeout leaves its timer armed after the end", spec: "timeout", minimumEvents: 0,
               needs: .quietAfterEnd) { Mutants.timeoutLeavesTimerArmed($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler) },
        // Through its depth: an outer of one inner that completes later, then many elements of
        // an inner that completes at once (the smallest large case drawn, 10,004 events; how many
        // pass the stack budget depends on the build). Through its releases, far smaller: three
        // outer elements inside subscribe and an inner that ended before (a behavior source hands
        // its completion over inside subscribe): the second inner's call subscribes the third
        // before it returns, so the third comes before the second's release.
        Mutant(name: "concat() recurses once per synchronous inner", spec: "concat()", minimumEvents: 4,
               needs: .largeCases, alsoSeenBy: [.releases]) { context in Mutants.concatRecursesPerInner(context.sources[0].map { context.inner($0) }) },
        // One element from the first source, the second silent: the loser must be released
        // before the element goes out.
        Mutant(name: "amb forwards before releasing the losers", spec: "amb", minimumEvents: 1,
               needs: .operationOrder) { Mutants.ambForwardsBeforeReleasingLosers($0.sources) },
        // other emits once: the output completes, and only then are the sequences released.
        Mutant(name: "take(until:) releases before completing", spec: "take(until:)", minimumEvents: 1,
               needs: .operationOrder) { Mutants.takeUntilReleasesBeforeCompleting($0.sources[0], $0.sources[1]) },
        // One outer element and its inner's element, during which the observer feeds a value
        // back into that inner: the nested element must come out too.
        Mutant(name: "merge() drops an element an inner delivers while it is delivering", spec: "merge()", minimumEvents: 2,
               needs: .feedbackIntoInners) { context in
            Mutants.mergeDropsReentrantInnerElements(context.sources[0]) { context.inner($0) }
        },
        // Two outer elements: the first inner must be released before the second is subscribed.
        Mutant(name: "switchLatest subscribes the next inner before releasing the previous", spec: "switchLatest",
               minimumEvents: 2, needs: .operationOrder) { context in
            Mutants.switchLatestSubscribesBeforeReleasing(context.sources[0].map { context.inner($0) })
        },
        // A synchronous source sending one element at once: both uses must see it.
        Mutant(name: "multicast(_:selector:) connects before subscribing", spec: "multicast(_:selector:)", minimumEvents: 1,
               needs: .synchronousSources) {
            Mutants.multicastConnectsFirst($0.sources[0]) { shared in Observable.merge(shared, shared.map { $0 + 100 }) }
        },
    ]
}
