// Every mutant the catalog must catch: one broken variant per operator bug, each built from the
// scenario's sources as the catalog builds the real operator.

import RxCore
import RxTestKit

extension Mutant {
    /// Every mutant, with the hand-derived size of its smallest counterexample.
    public static let all: [Mutant] = [
        // One next from one source: the correct operator stays silent, the mutant emits.
        Mutant(name: "combineLatest emits before all sources have a value", spec: "combineLatest", minimumEvents: 1) {
            Mutants.combineLatestEmitsEarly($0.sources[0], $0.sources[1])
        },
        // One source completes empty: RxSwift waits, the mutant completes.
        Mutant(name: "combineLatest completes when the first source completes", spec: "combineLatest", minimumEvents: 1) {
            Mutants.combineLatestCompletesOnFirst($0.sources[0], $0.sources[1])
        },
        // Second completes: nothing should happen.
        Mutant(name: "withLatestFrom completes when the second source completes", spec: "withLatestFrom", minimumEvents: 1) {
            Mutants.withLatestFromCompletesOnSecond($0.sources[0], $0.sources[1])
        },
        // Second emits 0 then 1, first emits: expected 1, stale mutant 0.
        Mutant(name: "withLatestFrom keeps a stale value", spec: "withLatestFrom", minimumEvents: 3) {
            Mutants.withLatestFromStale($0.sources[0], $0.sources[1])
        },
        // Cold first and second emit at the same offset: second must win the tie.
        Mutant(name: "withLatestFrom subscribes first before second", spec: "withLatestFrom", minimumEvents: 2) {
            Mutants.withLatestFromWrongOrder($0.sources[0], $0.sources[1])
        },
        // a: next, completed; b: completed — all done with a value left in a's buffer.
        Mutant(name: "zip does not complete while a buffer holds values", spec: "zip", minimumEvents: 3) {
            Mutants.zipWaitsForEmptyBuffers($0.sources[0], $0.sources[1])
        },
        // a completes empty: fixed-arity zip waits for b.
        Mutant(name: "zip completes when a completed source's queue is empty", spec: "zip", minimumEvents: 1) {
            Mutants.zipCompletesEarly($0.sources[0], $0.sources[1])
        },
        // Two outer elements: the first inner's log must end at the switch.
        Mutant(name: "switchLatest keeps forwarding the old inner", spec: "switchLatest", minimumEvents: 2) { context in
            Mutants.switchLatestKeepsOldInner(context.sources[0].map { context.inner($0) })
        },
        // Outer: next, completed; the inner stays silent and live.
        Mutant(name: "switchLatest completes before the live inner completes", spec: "switchLatest", minimumEvents: 2) { context in
            Mutants.switchLatestCompletesEarly(context.sources[0].map { context.inner($0) })
        },
        // Source emits once, sampler ticks twice: one emission, not two.
        Mutant(name: "sample re-emits without a new value", spec: "sample", minimumEvents: 3) {
            Mutants.sampleRepeats($0.sources[0], $0.sources[1])
        },
        // Source completes: RxSwift waits for a sampler tick.
        Mutant(name: "sample completes with the source", spec: "sample", minimumEvents: 1) {
            Mutants.sampleCompletesWithSource($0.sources[0], $0.sources[1])
        },
        // No events at all: other's log stays open past the dispose at 1000.
        Mutant(name: "take(until:) does not dispose the other source", spec: "take(until:)", minimumEvents: 0) {
            Mutants.takeUntilLeaksOther($0.sources[0], $0.sources[1])
        },
        // No events at all: the prefix is due at the subscribe tick.
        Mutant(name: "startWith emits at the first event instead of at subscription", spec: "startWith", minimumEvents: 0) {
            Mutants.startWithLate($0.sources[0], $0.parameters[0])
        },
        // 0, 1, 0 — or 0, 1, 1: the reference must be the last emitted element.
        Mutant(name: "distinctUntilChanged compares with the first value", spec: "distinctUntilChanged", minimumEvents: 3) {
            Mutants.distinctComparesWithFirst($0.sources[0])
        },
        // One of two sources completes.
        Mutant(name: "merge completes when one source completes", spec: "merge", minimumEvents: 1) {
            Mutants.mergeCompletesOnFirst($0.sources)
        },
        // No events at all: the dropped upstream subscription is never closed at dispose.
        Mutant(name: "map emits after dispose", spec: "map", minimumEvents: 0) {
            Mutants.mapIgnoresDispose($0.sources[0])
        },
        // No events at all: the source's log stays open past the dispose at 1000.
        Mutant(name: "take never disposes its source", spec: "take", minimumEvents: 0) {
            Mutants.takeNeverDisposes($0.sources[0], $0.parameters[0])
        },
        // take(0) on a silent source: no subscription at all.
        Mutant(name: "take(0) subscribes its source", spec: "take", minimumEvents: 0) {
            Mutants.takeZeroSubscribes($0.sources[0], $0.parameters[0])
        },
        // Two silent sources: the second must not be subscribed yet.
        Mutant(name: "concat subscribes every source at once", spec: "concat", minimumEvents: 0) {
            Mutants.concatSubscribesEagerly($0.sources)
        },
        // Two sources, one event: the loser's log must end there.
        Mutant(name: "amb keeps the losers subscribed", spec: "amb", minimumEvents: 1) {
            Mutants.ambKeepsLosers($0.sources)
        },
        // skip(0) of one element.
        Mutant(name: "skip drops one element too many", spec: "skip", minimumEvents: 1) {
            Mutants.skipOffByOne($0.sources[0], $0.parameters[0])
        },
        // Three outer elements whose inners stay live: the third must wait.
        Mutant(name: "merge(maxConcurrent:) ignores its limit", spec: "merge(maxConcurrent:)", minimumEvents: 3) { context in
            Mutants.mergeIgnoresLimit(context.sources[0].map { context.inner($0) })
        },
        // Two outer elements: the first inner must stay subscribed.
        Mutant(name: "flatMap disposes the previous inner", spec: "flatMap", minimumEvents: 2) { context in
            Mutants.flatMapSwitches(context.sources[0]) { context.inner($0) }
        },
        // timer(0): due at S+1, not at S.
        Mutant(name: "timer(0) fires at the subscribe tick", spec: "timer", minimumEvents: 0) {
            Mutants.timerZeroFiresImmediately($0.parameters[0] * 10, $0.scheduler)
        },
        // Issue 7's operators. Durations come from parameter 0 (× 10 ticks).
        // One element, then completion before the timer: the element must still come out.
        Mutant(name: "debounce drops the pending value on completion", spec: "debounce", minimumEvents: 2) {
            Mutants.debounceDropsPendingOnCompletion($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // Two elements in one burst: the second must win.
        Mutant(name: "debounce keeps the first element of a burst", spec: "debounce", minimumEvents: 2) {
            Mutants.debounceKeepsFirst($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // One element: it must come out at once.
        Mutant(name: "throttle(latest: true) withholds the first element", spec: "throttle(latest: true)", minimumEvents: 1) {
            Mutants.throttleWithholdsFirst($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // No events at all: the window passes and the error is due.
        Mutant(name: "timeout goes silent instead of erroring", spec: "timeout", minimumEvents: 0) {
            Mutants.timeoutGoesSilent($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // One element: the mutant schedules each delivery in two steps, so even a lone element
        // comes out a tick late (two same-tick elements would also come out reversed).
        Mutant(name: "delay reorders same-tick events", spec: "delay", minimumEvents: 1) {
            Mutants.delayReordersSameTick($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // No events: the span ends and an empty buffer is due.
        Mutant(name: "buffer skips empty buffers", spec: "buffer", minimumEvents: 0) {
            Mutants.bufferSkipsEmpty($0.sources[0], .seconds($0.parameters[0] * 10), $0.parameters[1], $0.scheduler).map(digits)
        },
        // A cold element at exactly the duration: the timer, armed first, must win.
        Mutant(name: "take(for:) arms its timer after subscribing", spec: "take(for:)", minimumEvents: 1) {
            Mutants.takeForArmsLate($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // A cold element at exactly the duration: the timer, armed first, opens the gate for it.
        Mutant(name: "skip(for:) arms its timer after subscribing", spec: "skip(for:)", minimumEvents: 1) {
            Mutants.skipForArmsLate($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // No events: the source must not be subscribed at S.
        Mutant(name: "delaySubscription subscribes at once", spec: "delaySubscription", minimumEvents: 0) {
            Mutants.delaySubscriptionSubscribesAtOnce($0.sources[0], .seconds($0.parameters[0] * 10), $0.scheduler)
        },
        // One error: the value and a completion are due.
        Mutant(name: "catchAndReturn never completes", spec: "catchAndReturn", minimumEvents: 1) {
            Mutants.catchAndReturnNeverCompletes($0.sources[0], 9)
        },
        // No events, retry(0): the source must not be subscribed at all.
        Mutant(name: "retry(n) makes one attempt too many", spec: "retry(_:)", minimumEvents: 0) {
            Mutants.retryOneTooMany($0.sources[0], $0.parameters[0])
        },
        // The source completes, then a late subscriber: no resubscription.
        Mutant(name: "share(.forever) reconnects a terminated source", spec: "share(replay:scope: .forever)", minimumEvents: 1) {
            Mutants.shareForeverReconnects($0.sources[0], $0.parameters[0])
        },
        // One element replayed, the only subscriber gone, then a new one: it still gets the element.
        Mutant(name: "share(.forever) drops its replay at zero subscribers", spec: "share(replay:scope: .forever)",
               minimumEvents: 1) {
            Mutants.shareForeverForgetsReplay($0.sources[0], $0.parameters[0])
        },
        // No events: when everyone has left, the source must be unsubscribed.
        Mutant(name: "refCount does not disconnect at zero subscribers", spec: "publish().refCount()", minimumEvents: 0) {
            Mutants.refCountNeverDisconnects($0.sources[0])
        },
        // Two elements, then completion.
        Mutant(name: "takeLast emits newest first", spec: "takeLast", minimumEvents: 3) {
            Mutants.takeLastReversed($0.sources[0], $0.parameters[0])
        },
        // One error.
        Mutant(name: "reduce emits its total before an error", spec: "reduce", minimumEvents: 1) {
            Mutants.reduceEmitsOnError($0.sources[0])
        },
        // One element for element(at: 0).
        Mutant(name: "element(at:) counts from one", spec: "element(at:)", minimumEvents: 1) {
            Mutants.elementAtOffByOne($0.sources[0], $0.parameters[0])
        },
        // One error on an empty source.
        Mutant(name: "ifEmpty(default:) emits the default on an error", spec: "ifEmpty(default:)", minimumEvents: 1) {
            Mutants.ifEmptyDefaultOnError($0.sources[0], 9)
        },
        // The source completes while the gate is closed.
        Mutant(name: "skip(until:) completes with the gate closed", spec: "skip(until:)", minimumEvents: 1) {
            Mutants.skipUntilCompletesClosed($0.sources[0], $0.sources[1])
        },
        // One error: it must arrive as an element, then completion.
        Mutant(name: "materialize lets an error through", spec: "materialize", minimumEvents: 1) {
            Mutants.materializeForwardsError($0.sources[0])
        },
        // A synchronous source of two elements with take(1): the second leaks after completion.
        Mutant(name: "take stops its source through a handle not yet assigned", spec: "take", minimumEvents: 2) {
            TakeStoppingThroughHandle(source: $0.sources[0], count: $0.parameters[0])
        },
        // One element and completion, the observer disposing at the flushed element: the
        // completion still arrives after that dispose.
        Mutant(name: "takeLast keeps flushing after its observer disposed", spec: "takeLast", minimumEvents: 2) {
            TakeLastIgnoringDisposal(source: $0.sources[0], count: $0.parameters[0])
        },
        // Two outer elements while the first inner is live: the second must be ignored.
        Mutant(name: "flatMapFirst switches to the newest inner", spec: "flatMapFirst", minimumEvents: 2) { context in
            Mutants.flatMapFirstSwitches(context.sources[0]) { context.inner($0) }
        },
        // Two elements at one tick: the second comes out a tick after the first.
        Mutant(name: "observe(on:) delivers same-tick events in one tick", spec: "observe(on:)", minimumEvents: 2) {
            Mutants.observeOnSchedulesEachEvent($0.sources[0], $0.scheduler)
        },
        // The handler's sequence completes while the first attempt runs: the output must wait.
        Mutant(name: "retry(when:) listens to the handler's sequence during an attempt", spec: "retry(when:) own sequence",
               minimumEvents: 1) { context in
            let notifier = context.sources[1]
            return Mutants.retryWhenListensThroughout(context.sources[0]) { _ in notifier }
        },
        // An odd element, then an even one: only the even one matches, so it must pass.
        Mutant(name: "single(_:) counts elements the predicate rejects", spec: "single(_:)", minimumEvents: 2) {
            Mutants.singleCountsEveryElement($0.sources[0]) { $0 % 2 == 0 }
        },
        // One element: the first group's subscription must keep the source after take(1) left.
        Mutant(name: "groupBy releases the source when its observer leaves", spec: "groupBy held by a group", minimumEvents: 1) {
            Mutants.groupByReleasesWithItsObserver($0.sources[0]) { $0 % 2 }.take(1).flatMap { $0.asObservable() }
        },
        // One element: its group's subscriber must see it.
        Mutant(name: "groupBy sends a group's first element before the group", spec: "groupBy", minimumEvents: 1) {
            Mutants.groupByElementBeforeGroup($0.sources[0]) { $0 % 3 }.flatMap { group in
                group.scan(0, accumulator: +).map { group.key * 1000 + $0 }
            }
        },
        // No events: at the dispose the resource (a subscription to s1) must end too.
        Mutant(name: "using never disposes its resource", spec: "using", minimumEvents: 0) { context in
            let resource = context.sources[1]
            return Mutants.usingKeepsTheResource({ resource.subscribe { _ in } }, context.sources[0])
        },
        // One element of 3 or more: the object is gone, so the output completes.
        Mutant(name: "withUnretained retains its object", spec: "withUnretained", minimumEvents: 1) { context in
            let source = context.sources[0]
            return Observable.deferred {
                var owner: MutantOwner? = MutantOwner()
                let object = owner!
                return Mutants.withUnretainedRetains(source.do(onNext: { if $0 >= 3 { owner = nil } }), object)
            }
        },
        // One error: the element must come before the completion.
        Mutant(name: "asInfallible(onErrorJustReturn:) completes without its element", spec: "asInfallible(onErrorJustReturn:)",
               minimumEvents: 1) { Mutants.asInfallibleDropsTheElement($0.sources[0]) },
        // One undecodable element (4): the output must fail.
        Mutant(name: "decode skips what it cannot decode", spec: "decode(type:decoder:)", minimumEvents: 1) { context in
            Mutants.decodeSkipsFailures(context.sources[0]) { value in
                if value == 4 { throw TestError(7) }
                return value
            }
        },
    ] + hardHalf + teardown + sharing + scale
}
