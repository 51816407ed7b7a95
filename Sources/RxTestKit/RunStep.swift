/// One step of a run in the order it happened — finer than ticks: within one tick it shows
/// whether an operator disposed the previous inner before subscribing the next, or which source
/// it subscribed first. A run records every subscribe of a source or inner source, every
/// dispose of one that is still live, and every event the main observer recorded; asked to
/// (`Outcome.stepsIncludeReleases`), also the operator's first dispose of a subscription whose
/// source had already ended — a release, which the source's own log does not show.
public enum RunStep: Hashable, Sendable, CustomStringConvertible {
    /// The operator subscribed a source.
    case subscribe(SourceName)
    /// The operator disposed a live subscription to a source.
    case dispose(SourceName)
    /// The operator disposed, for the first time, a subscription whose source had already
    /// delivered its terminal (the log of that subscription ended there).
    case release(SourceName)
    /// The main observer recorded its output event number `n` (from 0).
    case emit(Int)

    /// Written out and inlinable: comparing a run's steps with a model's (once per case
    /// checked) then compiles to integer compares in the caller, not a call per step.
    @inlinable
    public static func == (lhs: RunStep, rhs: RunStep) -> Bool {
        switch (lhs, rhs) {
        case (.subscribe(let left), .subscribe(let right)), (.dispose(let left), .dispose(let right)),
             (.release(let left), .release(let right)):
            return left.isInner == right.isInner && left.index == right.index
        case (.emit(let left), .emit(let right)): return left == right
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .subscribe(let source): return "subscribe \(source)"
        case .dispose(let source): return "dispose \(source)"
        case .release(let source): return "release \(source)"
        case .emit(let index): return "event #\(index + 1)"
        }
    }

    /// True for a release.
    public var isRelease: Bool {
        if case .release = self { return true }
        return false
    }

    /// The order as compared: disposals and releases that follow one another are sorted, since
    /// one composite dispose releases its parts in an order the contract leaves open (SEMANTICS 12).
    public static func canonical(_ operations: [RunStep]) -> [RunStep] {
        var result: [RunStep] = []
        result.reserveCapacity(operations.count)
        var run: [(source: SourceName, released: Bool)] = []
        func flush() {
            switch run.count {
            case 0: return
            case 1: result.append(run[0].released ? .release(run[0].source) : .dispose(run[0].source))
            default:
                result += run.sorted { ($0.source, $0.released ? 1 : 0) < ($1.source, $1.released ? 1 : 0) }
                    .map { $0.released ? .release($0.source) : .dispose($0.source) }
            }
            run.removeAll(keepingCapacity: true)
        }
        for operation in operations {
            switch operation {
            case .dispose(let source): run.append((source, false))
            case .release(let source): run.append((source, true))
            case .subscribe, .emit:
                flush()
                result.append(operation)
            }
        }
        flush()
        return result
    }
}

/// A source of a scenario by position: `s0`, `s1`… for `Scenario.sources`, `inner0`… for
/// `Scenario.inners`.
public struct SourceName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// True for an inner source.
    public var isInner: Bool
    /// Its index in its list.
    public var index: Int

    /// Source `index`, or inner source `index` when `inner`.
    public init(inner: Bool, _ index: Int) {
        self.isInner = inner
        self.index = index
    }

    /// `Scenario.sources[index]`.
    public static func source(_ index: Int) -> SourceName { SourceName(inner: false, index) }
    /// `Scenario.inners[index]`.
    public static func inner(_ index: Int) -> SourceName { SourceName(inner: true, index) }

    public static func < (lhs: SourceName, rhs: SourceName) -> Bool {
        (lhs.isInner ? 1 : 0, lhs.index) < (rhs.isInner ? 1 : 0, rhs.index)
    }

    /// `s0`, `s1`, … for sources and `inner0`, … for inner sources: the one spelling every
    /// diagram, report and Seeds file uses.
    public var description: String { isInner ? "inner\(index)" : "s\(index)" }

    /// Reads `s2` or `inner0` back.
    public init?(_ name: String) {
        for (prefix, inner) in [("inner", true), ("s", false)] where name.hasPrefix(prefix) {
            guard let index = Int(name.dropFirst(prefix.count)), index >= 0, String(index) == name.dropFirst(prefix.count) else { return nil }
            self.init(inner: inner, index)
            return
        }
        return nil
    }
}

extension HotEventRef {
    /// The source the event belongs to.
    public var sourceName: SourceName { SourceName(inner: inner, source) }
}

extension Scenario.Feedback {
    /// The source the value goes back into.
    public var target: SourceName { inner.map(SourceName.inner) ?? .source(source) }
}
