// A scenario run's harness: the create, subscribe and dispose steps of the main observer and the
// extra subscribers, queued as one action, and the observer's script (dispose inside `onNext`,
// feedback). Apart because it is the one object every other part of a run talks to.

import Foundation
import RxCore

/// A run's harness: its steps, queued as one action told apart by payload — 0 creates the
/// operator, 1 subscribes the observer, 2 disposes it, then 3 + 2k and 4 + 2k subscribe and
/// dispose extra subscriber k — and what they share with the observers. One object, so a run
/// allocates no closure contexts for them and checks no captured variable for exclusive access.
final class Harness<Element: Equatable>: VirtualAction, RelativeActionWatcher {
    /// Unowned: it holds this action while a step is queued (a run stopped as a runaway leaves
    /// some), and a strong reference would keep the two alive.
    unowned let scheduler: TestScheduler
    // Variables, and unchecked: set for each run the harness serves (see `reload`), read by
    // one step at a time.
    @exclusivity(unchecked) var build: (ScenarioContext) -> Observable<Element>
    /// nil while the harness is kept between runs.
    @exclusivity(unchecked) var context: (sources: [Observable<Int>], inners: [Observable<Int>], parameters: [Int])?
    /// The main observer, the harness's own from run to run.
    @exclusivity(unchecked) var observer: RecordingObserver<Element>
    @exclusivity(unchecked) var extras: [RecordingObserver<Element>]
    /// The observers type-erased where the run was compiled for the element type (see
    /// `Scenario.runHere`), so each event reaches `RecordingObserver.on` as code compiled for it.
    @exclusivity(unchecked) var observerHandle: AnyObserver<Element>
    @exclusivity(unchecked) var extraHandles: [AnyObserver<Element>]
    @exclusivity(unchecked) var disposeInsideAfter: Int?
    @exclusivity(unchecked) var feedback: Scenario.Feedback?
    @exclusivity(unchecked) var feedbackTargets: FeedbackTargets?
    @exclusivity(unchecked) var subscriberAction: Scenario.SubscriberAction?

    /// Subscribers whose output has not ended yet.
    @exclusivity(unchecked) var live: Int
    @exclusivity(unchecked) var timersAfterEnd: [Int] = []
    @exclusivity(unchecked) var output: Observable<Element>?
    @exclusivity(unchecked) var subscription: Disposable?
    /// True while the main observer's subscribe call runs.
    @exclusivity(unchecked) var subscribing = false
    @exclusivity(unchecked) var extraSubscriptions: [Disposable?]

    /// A harness of `observer`'s, as a kept one is between runs: `reload` gives it a run.
    init(scheduler: TestScheduler, observer: RecordingObserver<Element>) {
        self.scheduler = scheduler
        self.build = Harness.unbuilt
        self.context = nil
        self.observer = observer
        self.extras = []
        self.observerHandle = Harness.unobserved
        self.extraHandles = []
        self.live = 1
        self.extraSubscriptions = []
    }

    /// The harness `scheduler` kept from its last run (`keep`), if it is one of these; then the
    /// scheduler keeps none until the run is over. Its observer comes with it.
    static func take(from scheduler: VirtualTimeScheduler) -> Harness? {
        // The class compared, not cast to: a cast asks the runtime.
        guard let spare = scheduler.spareHarness, type(of: spare) == Harness.self else { return nil }
        scheduler.spareHarness = nil
        return unsafeDowncast(spare, to: Harness.self)
    }

    /// Serves a run (its observer reloaded already).
    func reload(build: @escaping (ScenarioContext) -> Observable<Element>,
                context: (sources: [Observable<Int>], inners: [Observable<Int>], parameters: [Int]),
                extras: [RecordingObserver<Element>], extraHandles: [AnyObserver<Element>],
                disposeInsideAfter: Int?, feedback: Scenario.Feedback?, feedbackTargets: FeedbackTargets?,
                subscriberAction: Scenario.SubscriberAction?) {
        self.build = build
        self.context = context
        self.observerHandle = AnyObserver(eventHandler: observer.on)
        // What a kept harness has empty or nil already is left as it is: setting it again would
        // still cost a release of what it held.
        if !extras.isEmpty {
            self.extras = extras
            self.extraHandles = extraHandles
            self.extraSubscriptions = Array(filled: nil, count: extras.count)
        }
        self.disposeInsideAfter = disposeInsideAfter
        self.feedback = feedback
        if feedbackTargets != nil { self.feedbackTargets = feedbackTargets }
        // One it cannot carry out is left out here, once, not checked at every element.
        let fitting = subscriberAction.flatMap { $0.fits(subscribers: 1 + extras.count) ? $0 : nil }
        if fitting != nil || self.subscriberAction != nil { self.subscriberAction = fitting }
        self.live = 1 + extras.count
    }

    /// After the run (and `tearDown`): lets go of what the run gave it, all but its observer.
    /// What is empty already is left as it is (emptying it again would still cost a release).
    func letGo() {
        build = Harness.unbuilt
        context = nil
        observerHandle = Harness.unobserved
        if !extras.isEmpty { (extras, extraHandles, extraSubscriptions) = ([], [], []) }
        if feedbackTargets != nil { feedbackTargets = nil }
        if !timersAfterEnd.isEmpty { timersAfterEnd = [] }
    }

    /// After `letGo`: keeps `harness` and its observer as `scheduler`'s spare when nothing else
    /// holds either (code under test may keep the observer it was handed).
    static func keep(_ harness: inout Harness, on scheduler: VirtualTimeScheduler) {
        guard isKnownUniquelyReferenced(&harness), isKnownUniquelyReferenced(&harness.observer) else { return }
        harness.observer.clear()
        scheduler.spareHarness = harness
    }

    /// What a kept harness holds in place of the last run's build and observer handle.
    private static var unbuilt: (ScenarioContext) -> Observable<Element> { { _ in Observable.empty() } }
    private static var unobserved: AnyObserver<Element> { AnyObserver { _ in } }

    override func fire(_ step: Int) {
        switch step {
        case 0:
            let context = context.unsafelyUnwrapped
            output = build(ScenarioContext(sources: context.sources, inners: context.inners,
                                           scheduler: scheduler, parameters: context.parameters))
        case 1:
            subscribing = true
            // `run`, what `subscribe` calls with the erased observer: called directly, this
            // generic class asks the runtime for no observer type.
            subscription = output?.run(observerHandle)
            subscribing = false
            // The limit was reached inside subscribe: the handle exists only now.
            if observer.isIgnoring {
                observer.isIgnoring = false
                disposeFromInside()
            }
        case 2:
            subscription?.dispose()
            observer.isDisposed = true
            ended(observer)
        default:
            let index = (step - 3) / 2
            let extra = extras[index]
            if step % 2 == 1 {
                // One another subscriber subscribes from inside its delivery waits for that.
                if let subscriberAction, subscriberAction.kind == .subscribe, subscriberAction.target == index + 1 { return }
                extraSubscriptions[index] = output?.run(extraHandles[index])
            } else {
                extraSubscriptions[index]?.dispose()
                extra.isDisposed = true
                ended(extra)
            }
        }
    }

    /// Every subscriber's output ends once (terminal or dispose); after the last end, any
    /// relative action that still runs was left behind.
    func relativeActionRuns(at tick: TestTime) {
        if live == 0 { timersAfterEnd.append(tick) }
    }

    /// A subscriber's output ended (terminal or dispose); counted once per subscriber.
    func ended(_ recorder: RecordingObserver<Element>) {
        guard !recorder.hasEnded else { return }
        recorder.hasEnded = true
        live -= 1
    }

    /// `recorder` received its `count`th event: the feedback and the dispose from inside
    /// `onNext` (the main observer's), and the subscriber action (its actor's), happen here.
    func received(_ count: Int, isElement: Bool, by recorder: RecordingObserver<Element>) {
        guard isElement else { return }
        // Also inside the actor's own subscribe call, its replay included.
        if let subscriberAction, count == subscriberAction.after,
           recorder === (subscriberAction.actor == 0 ? observer : extras[subscriberAction.actor - 1]) {
            act(subscriberAction)
        }
        guard recorder === observer else { return }
        if let feedback, count == feedback.after, let feedbackTargets {
            for target in feedbackTargets.observers { target.onNext(feedback.value) }
        }
        guard count == disposeInsideAfter else { return }
        if subscribing {
            observer.isIgnoring = true
        } else {
            disposeFromInside()
        }
    }

    /// One subscriber disposing or subscribing another from inside its delivery. Only a target
    /// whose window is open acts: a dispose reaches a subscription that exists (not one whose
    /// subscribe call is still running, nor one not made yet), a subscribe one not made yet.
    private func act(_ action: Scenario.SubscriberAction) {
        switch (action.kind, action.target) {
        case (.dispose, 0):
            guard let subscription, !observer.isDisposed else { return }
            observer.isDisposed = true
            ended(observer)
            subscription.dispose()
        case (.dispose, let target):
            let extra = extras[target - 1]
            guard let subscription = extraSubscriptions[target - 1], !extra.isDisposed else { return }
            extra.isDisposed = true
            ended(extra)
            subscription.dispose()
        case (.subscribe, let target):
            let extra = extras[target - 1]
            guard extraSubscriptions[target - 1] == nil, !extra.isDisposed else { return }
            extraSubscriptions[target - 1] = output?.run(extraHandles[target - 1])
        }
    }

    /// The observer's own dispose, from inside onNext: it stops recording first, so anything
    /// the operator still delivers while being disposed counts as after the dispose.
    private func disposeFromInside() {
        observer.isDisposed = true
        ended(observer)
        subscription?.dispose()
    }

    /// Drops the operator and its subscriptions, which hold the observers.
    func tearDown() {
        subscription = nil
        extraSubscriptions = []
        output = nil
    }
}
