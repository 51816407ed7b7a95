// What guided search learns from a property check: a signature of the behaviour its runs
// showed, so a case that made the operator do something new can be kept and varied.

/// Collects a signature of every scenario run made while it is `current` — the ordered steps
/// (subscribe, dispose, release per source; element and terminal per output event), runs of the
/// same step counted in buckets, what each further subscriber received, and the run's stack
/// depth, scheduler actions (timers and hops among them), left-behind timers and runaway, each
/// bucketed — mixed over the runs of one property check. Deterministic: the same runs give the
/// same number in any process. Unchecked `Sendable`: a probe is installed around one
/// synchronous property check and read on the same thread after it.
public final class RunProbe: @unchecked Sendable {
    /// The probe runs report to, if any (none outside guided search: a run then pays one read).
    @TaskLocal public static var current: RunProbe?

    private var mixed: UInt64 = 0
    private var runs = 0

    /// A probe with nothing recorded; install it as `current` around the check it watches.
    public init() {}

    /// The signature of the runs made since the last call, and forgets them; nil when none ran.
    public func take() -> UInt64? {
        defer { (mixed, runs) = (0, 0) }
        return runs == 0 ? nil : mixed
    }

    func record<Element>(_ run: ScenarioRun<Element>) {
        mixed = (mixed &* Self.prime) ^ Self.signature(of: run)
        runs += 1
    }

    /// The signature of one run.
    public static func signature<Element>(of run: ScenarioRun<Element>) -> UInt64 {
        var hash = offset
        func add(_ token: UInt64) { hash = (hash ^ token) &* prime }
        var previous: UInt64?
        var repeats = 0
        func flush() {
            guard let previous else { return }
            add(previous)
            add(bucket(repeats))
        }
        let events = run.outcome.events
        for step in run.outcome.steps ?? [] {
            let token: UInt64
            switch step {
            case .subscribe(let source): token = 1 | role(source)
            case .dispose(let source): token = 2 | role(source)
            case .release(let source): token = 3 | role(source)
            case .emit(let index):
                guard index < events.count else { token = 4; break }
                switch events[index].value {
                case .next: token = 5
                case .completed: token = 6
                case .error: token = 7
                }
            }
            if token == previous {
                repeats += 1
            } else {
                flush()
                previous = token
                repeats = 1
            }
        }
        flush()
        // Further subscribers log no steps: what each received, counted, and how it ended.
        for extra in run.outcome.extraEvents {
            add(0xFE)
            add(bucket(extra.count))
            switch extra.last?.value {
            case .completed?: add(6)
            case .error?: add(7)
            default: add(0)
            }
        }
        add(0xFF)
        add(bucket(run.stackDepth / 4096))
        add(bucket(run.timersAfterEnd.count))
        add(bucket(run.steps / 4))   // the scheduler's actions: timers and hops as well as events
        add(bucket(run.eventsAfterDispose.count))
        add(run.isRunaway ? 1 : 0)
        return hash
    }

    /// Which source, as far as behaviour goes: inner or not, and its index up to 3.
    private static func role(_ source: SourceName) -> UInt64 {
        (source.isInner ? 0x100 : 0) | (UInt64(min(source.index, 3)) << 4)
    }

    /// 0, 1, 2, 3–4, 5–8, 9–16, more: a count in a handful of classes.
    private static func bucket(_ count: Int) -> UInt64 {
        switch count {
        case ...2: return UInt64(max(0, count))
        case 3...4: return 3
        case 5...8: return 4
        case 9...16: return 5
        default: return 6
        }
    }

    private static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3
}
