import RxCore
import RxModels
import RxTestKit

// What a subscriber with a `DemandScript` receives from an operator of one source, as pure
// values: the source, the operator and the subscriber each keep their share of the demand, as
// Combine's contract has them, and an element moves only when the stage below has asked for it.

/// Demand as Combine counts it: nil is `.unlimited` (adding to it or taking from it leaves it so).
typealias DemandCount = Int?

extension Optional where Wrapped == Int {
    /// Whether any is outstanding.
    var isPositive: Bool { map { $0 > 0 } ?? true }
    /// Plus `more` (nil: `.unlimited`).
    func adding(_ more: DemandCount) -> DemandCount { flatMap { count in more.map { count + $0 } } }
    /// Less one delivered element.
    var lessOne: DemandCount { map { Swift.max($0 - 1, 0) } }
}

/// A Combine operator over one source, as a demand model sees it: told of the subscription,
/// requests, elements and the completion; it acts through the run (`emit`, `finish`,
/// `requestUpstream`, `cancelUpstream`).
protocol DemandStage: AnyObject {
    /// The subscriber has its subscription (the upstream's is there).
    func started(_ run: DemandRun)
    /// The subscriber asked for `demand` more.
    func requested(_ demand: DemandCount, _ run: DemandRun)
    /// The source sent an element; returns what more to ask the source for.
    func received(_ value: Int, _ run: DemandRun) -> DemandCount
    /// The source completed (`.completed` or `.error`).
    func completed(_ terminal: TimelineValue, _ run: DemandRun)
}

/// One run of `source → stage → subscriber` over a scenario's source 0. The source behaves as
/// the harness's publishers do: a hot source drops what arrives without demand, a behavior
/// source holds its latest element, a cold or synchronous one keeps everything until asked
/// (and its completion after it); a subject's completion goes out at once.
final class DemandRun {
    private var clock: ModelClock
    private var output: ModelOutput<Int>
    private let flavor: SourceTimeline.Flavor
    private let script: DemandScript
    private let stage: DemandStage
    private var subscription = -1
    /// What the stage has asked the source for, not yet delivered.
    private var upstreamDemand: DemandCount = 0
    /// What the source holds back for want of demand, and its completion behind it.
    private var held: [Int] = []
    private var heldTerminal: TimelineValue?
    private var sourceDone = false
    private var delivering = false
    /// The subscriber's timers: id → count.
    private var requests: [(timer: Int, count: Int)] = []
    private var tick: Int

    private init(_ scenario: Scenario, script: DemandScript, stage: DemandStage) {
        clock = ModelClock(scenario)
        output = clock.output(Int.self)
        flavor = scenario.sources[0].flavor
        self.script = script
        self.stage = stage
        tick = scenario.subscribed
    }

    /// The outcome of `stage` over `scenario`'s source 0 under the demand its parameters give.
    static func outcome(_ scenario: Scenario, stage: DemandStage) -> Outcome<Int> {
        let script = DemandScript(parameters: scenario.parameters, subscribed: scenario.subscribed)
        return DemandRun(scenario, script: script, stage: stage).run()
    }

    private func run() -> Outcome<Int> {
        // The handshake comes first: the source starts delivering once it returns.
        stage.started(self)
        if script.initial != 0 { stage.requested(script.initial, self) }
        if !output.isTerminated {
            subscription = clock.subscribe(.source(0))
            for request in script.later where request.tick > clock.tick {
                requests.append((clock.schedule(after: request.tick - clock.tick), request.count))
            }
        }
        while !output.isTerminated, let arrival = clock.next() {
            tick = arrival.tick
            if arrival.timeline == .timer {
                if let request = requests.first(where: { $0.timer == arrival.subscription }) {
                    stage.requested(request.count, self)
                }
            } else {
                arrived(arrival.value)
            }
            if output.isTerminated { clock.unsubscribeAll() }
        }
        return clock.finish(output.events)
    }

    // MARK: The source

    private func arrived(_ value: TimelineValue) {
        guard !sourceDone else { return }
        switch value {
        case .next(let element):
            switch flavor {
            case .hot:
                if upstreamDemand.isPositive && !delivering { deliver(element) }
            case .behavior:
                held = [element]
                drainSource()
            case .cold, .synchronous:
                held.append(element)
                drainSource()
            }
        case .error, .completed:
            if flavor == .behavior { held = [] }
            heldTerminal = value
            drainSource()
        }
    }

    private func deliver(_ element: Int) {
        upstreamDemand = upstreamDemand.lessOne
        delivering = true
        let more = stage.received(element, self)
        delivering = false
        upstreamDemand = upstreamDemand.adding(more)
    }

    /// Sends what the stage's demand allows, then the completion once nothing is held.
    private func drainSource() {
        guard !delivering else { return }
        while !sourceDone, !output.isTerminated, upstreamDemand.isPositive, !held.isEmpty {
            deliver(held.removeFirst())
        }
        if !sourceDone, !output.isTerminated, held.isEmpty, let terminal = heldTerminal {
            sourceDone = true
            stage.completed(terminal, self)
        }
    }

    // MARK: What a stage does

    /// Asks the source for more.
    func requestUpstream(_ demand: DemandCount) {
        guard !sourceDone else { return }
        upstreamDemand = upstreamDemand.adding(demand)
        drainSource()
    }

    /// Cancels the source's subscription.
    func cancelUpstream() {
        guard !sourceDone else { return }
        sourceDone = true
        held = []
        if subscription >= 0 { clock.unsubscribe(subscription) }
    }

    /// Publishes an element; returns the subscriber's top-up.
    func emit(_ value: Int) -> DemandCount {
        guard !output.isTerminated else { return 0 }
        output.emit(.next(value), at: tick)
        return script.perElement
    }

    /// Ends the output (`.completed` or `.error`).
    func finish(_ terminal: TimelineValue) {
        guard !output.isTerminated else { return }
        switch terminal {
        case .error(let id): output.emit(.error(TestError.boxed(id)), at: tick)
        case .completed, .next: output.emit(.completed, at: tick)
        }
    }
}
