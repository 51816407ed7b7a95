import RxCore
import RxModels
import RxTestKit

/// `buffer(size:prefetch:whenFull:)`, under the subscriber's demand, as OpenCombine's
/// `BufferTests` (which also run against Apple's Combine) pin it down:
///
/// - It asks the upstream for `.max(size)` (`.keepFull`) or `.unlimited` (`.byRequest`) as it
///   is subscribed, before the subscriber has its subscription; with `.keepFull` it asks for one
///   more for every element it has published.
/// - An element goes straight to a subscriber with demand outstanding when nothing is held;
///   otherwise it is held. A full buffer drops the element (`.dropNewest`), drops the oldest
///   held (`.dropOldest`), or cancels the upstream and fails (`.customError`) — that failure
///   goes out at the subscriber's next request, after what that request can take.
/// - `.finished` goes out once nothing is held and the subscriber has demand outstanding
///   (`testReceiveValueAfterCompleting`: not before a request); a failure as soon as nothing
///   more can be published, dropping what is held.
public enum BufferModel {
    /// What a full buffer does with one more element.
    public enum WhenFull: Equatable, Sendable {
        case dropNewest
        case dropOldest
        /// Fails with `TestError(id)`.
        case customError(Int)
    }

    public static func outcome(_ scenario: Scenario, size: Int, keepFull: Bool, whenFull: WhenFull) -> Outcome<Int> {
        DemandRun.outcome(scenario, stage: BufferStage(size: size, keepFull: keepFull, whenFull: whenFull))
    }
}

/// `buffer`'s share of demand: see `BufferModel`.
final class BufferStage: DemandStage {
    private let size: Int
    private let keepFull: Bool
    private let whenFull: BufferModel.WhenFull
    private var values: [Int] = []
    private var demand: DemandCount = 0
    private var terminal: TimelineValue?
    private var done = false

    init(size: Int, keepFull: Bool, whenFull: BufferModel.WhenFull) {
        (self.size, self.keepFull, self.whenFull) = (size, keepFull, whenFull)
    }

    func started(_ run: DemandRun) { run.requestUpstream(keepFull ? size : nil) }

    func requested(_ demand: DemandCount, _ run: DemandRun) {
        self.demand = self.demand.adding(demand)
        let more = drain(run)
        if more > 0 { run.requestUpstream(more) }
    }

    func received(_ value: Int, _ run: DemandRun) -> DemandCount {
        if case .error? = terminal { return 0 }
        if values.count >= size {
            switch whenFull {
            case .dropNewest: return drain(run)
            case .dropOldest: values.removeFirst()
            case .customError(let id):
                terminal = .error(id)
                run.cancelUpstream()
                return 0
            }
        }
        values.append(value)
        return drain(run)
    }

    func completed(_ terminal: TimelineValue, _ run: DemandRun) {
        guard self.terminal == nil else { return }
        self.terminal = terminal
        _ = drain(run)
    }

    /// Publishes what the demand allows, then the completion as its rule says; returns how
    /// many more to ask the upstream for (`.keepFull`: one per element published).
    private func drain(_ run: DemandRun) -> Int {
        var upstream = 0
        while !done {
            guard demand.isPositive else {
                if case .error? = terminal { end(run) }
                return upstream
            }
            guard !values.isEmpty else {
                if terminal != nil { end(run) }
                return upstream
            }
            let count = demand.map { min($0, values.count) } ?? values.count
            let popped = values.prefix(count)
            values.removeFirst(count)
            demand = demand.map { $0 - count }
            var more: DemandCount = 0
            for value in popped { more = more.adding(run.emit(value)) }
            if keepFull { upstream += count }
            demand = demand.adding(more)
        }
        return upstream
    }

    private func end(_ run: DemandRun) {
        done = true
        if let terminal { run.finish(terminal) }
    }
}
