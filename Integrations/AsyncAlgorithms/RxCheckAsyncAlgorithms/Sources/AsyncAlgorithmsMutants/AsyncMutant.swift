import AsyncAlgorithms
import RxCheckAsync

/// A deliberately broken async operator, standing in for the catalog entry `spec`: the catalog
/// must catch it with `caughtBy` and shrink the failure to `minimalEvents` events and the
/// schedule `minimalSchedule` describes.
public struct AsyncMutant {
    /// `spec.mistake`.
    public let name: String
    /// The catalog entry whose properties it must fail.
    public let spec: String
    /// The mistake, in a line.
    public let bug: String
    /// The property that must catch it.
    public let caughtBy: String
    /// The events of the smallest failing case, derived by hand.
    public let minimalEvents: Int
    /// The schedule of that case, in words.
    public let minimalSchedule: String
    /// The picks of that schedule (trailing zeros left out): empty for the oldest-first order.
    public var minimalPicks: [Int] = []
    /// Builds it from the catalog entry's context.
    public let build: AsyncBuild

    /// Every mutant.
    public static let all: [AsyncMutant] = [
        AsyncMutant(name: "merge2.overwrites", spec: "merge2", bug: "an element arriving while another waits in the mailbox replaces it",
                    caughtBy: "merge2.matchesModel", minimalEvents: 3,
                    minimalSchedule: "the oldest job first; the consumer slower than the sources") {
            AsyncOutput(MutantMerge($0.sources[0], $0.sources[1], overwrites: true))
        },
        AsyncMutant(name: "merge2.tidiesTooSoon", spec: "merge2",
                    bug: "discards what is in its mailbox after a hop, lost if the hop returns before the consumer runs",
                    // Two elements at one tick (one lost shows; a single lost element looks like a
                    // wait cut short by the cancel), the consumer waiting; at that tick the hop's
                    // task and then its continuation run ahead of the woken consumer.
                    caughtBy: "merge2.matchesModel", minimalEvents: 2,
                    minimalSchedule: "the sources' tasks oldest first, then the hop's task and its continuation ahead of the woken consumer",
                    minimalPicks: [0, 1, 1]) {
            AsyncOutput(TidyingMerge($0.sources[0], $0.sources[1]))
        },
        AsyncMutant(name: "merge2.neverCancels", spec: "merge2", bug: "its source tasks outlive a cancelled consumer",
                    caughtBy: "merge2.cancels", minimalEvents: 0, minimalSchedule: "the oldest job first") {
            AsyncOutput(MutantMerge($0.sources[0], $0.sources[1], cancelsUpstream: false))
        },
        AsyncMutant(name: "merge2.lostWakeup", spec: "merge2", bug: "a consumer waiting when the last source finishes is never resumed",
                    caughtBy: "merge2.finishes", minimalEvents: 2, minimalSchedule: "the oldest job first") {
            AsyncOutput(MutantMerge($0.sources[0], $0.sources[1], wakesOnFinish: false))
        },
        AsyncMutant(name: "removeDuplicates.comparesWithFirst", spec: "removeDuplicates",
                    bug: "compares each element with the first one instead of the previous one",
                    caughtBy: "removeDuplicates.matchesModel", minimalEvents: 3, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.removeDuplicatesWithFirst($0.sources[0]))
        },
        AsyncMutant(name: "chunks.ofCount.dropsRemainder", spec: "chunks.ofCount", bug: "drops the last, shorter chunk at the finish",
                    caughtBy: "chunks.ofCount.matchesModel", minimalEvents: 2, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.chunksDroppingRemainder($0.sources[0], count: $0.parameters[0]))
        },
        AsyncMutant(name: "interspersed.trailingSeparator", spec: "interspersed", bug: "emits the separator after the last element too",
                    caughtBy: "interspersed.matchesModel", minimalEvents: 2, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.trailingSeparator($0.sources[0], separator: -1))
        },
        AsyncMutant(name: "compacted.echoesAfterEnd", spec: "compacted", bug: "after the end, gives the last element once more",
                    caughtBy: "compacted.nothingAfterEnd", minimalEvents: 2, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.echoAfterEnd($0.sources[0].map { $0 == 0 ? nil : $0 }.compacted()))
        },
        AsyncMutant(name: "reductions.rethrows", spec: "reductions", bug: "throws its source's error again at every later call",
                    caughtBy: "reductions.nothingAfterEnd", minimalEvents: 1, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.rethrowing($0.sources[0]).reductions { $0 + $1 })
        },
        AsyncMutant(name: "buffer.unbounded.swallowsErrors", spec: "buffer.unbounded", bug: "finishes where its source failed",
                    caughtBy: "buffer.unbounded.matchesModel", minimalEvents: 1, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.swallowingErrors($0.sources[0]).buffer(policy: .unbounded))
        },
        AsyncMutant(name: "timer.late", spec: "timer", bug: "fires one tick after each deadline",
                    caughtBy: "timer.matchesModel", minimalEvents: 0, minimalSchedule: "the oldest job first") {
            AsyncOutput(LateTimer(interval: .seconds($0.parameters[0]), clock: $0.clock))
        },
        AsyncMutant(name: "throttle.latest.strict", spec: "throttle.latest",
                    bug: "holds back an element arriving exactly one interval after the last emission",
                    caughtBy: "throttle.latest.matchesModel", minimalEvents: 2, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.strictThrottle($0.sources[0], interval: .seconds($0.parameters[0]), clock: $0.clock))
        },
        AsyncMutant(name: "combineLatest2.startsEarly", spec: "combineLatest2",
                    bug: "emits before every source has given an element (each starts from 0)",
                    caughtBy: "combineLatest2.matchesModel", minimalEvents: 0, minimalSchedule: "the oldest job first") {
            AsyncOutput(combineLatest(chain([0].async, $0.sources[0]), chain([0].async, $0.sources[1])))
        },
    ]

    /// Mutants that take the worker down instead of failing a check: one traps, one deadlocks its
    /// thread. Nightly must record each (a crash, a hang) and go on.
    public static let workerKillers: [AsyncMutant] = [
        AsyncMutant(name: "removeDuplicates.traps", spec: "removeDuplicates", bug: "traps on element 4",
                    caughtBy: "removeDuplicates.matchesModel", minimalEvents: 1, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.trapping($0.sources[0], on: 4).removeDuplicates())
        },
        AsyncMutant(name: "removeDuplicates.deadlocks", spec: "removeDuplicates", bug: "takes its own lock twice on element 3",
                    caughtBy: "removeDuplicates.matchesModel", minimalEvents: 1, minimalSchedule: "the oldest job first") {
            AsyncOutput(Mutated.deadlocking($0.sources[0], on: 3).removeDuplicates())
        },
    ]
}
