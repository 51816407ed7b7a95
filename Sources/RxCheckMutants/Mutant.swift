// A mutant: a deliberately broken operator, with the hand-derived size of its smallest
// counterexample and the generator capability it needs. The lists of mutants are in
// Mutant+All (the catalog's) and Mutant+HardHalf (bugs only the hard half of the space shows).

import RxCore
import RxTestKit

/// One broken operator and what the catalog must do with it.
public struct Mutant: CustomStringConvertible, Sendable {
    /// The bug, in a few words.
    public let name: String
    /// The catalog operator whose properties judge it.
    public let spec: String
    /// The most events a shrunk counterexample may have: worked out by hand from the bug.
    public let minimumEvents: Int
    /// Builds the broken operator from a scenario run's sources.
    public let build: @Sendable (ScenarioContext) -> Observable<Int>
    /// The kind of case, or of check, without which the catalog cannot see this bug at all
    /// (nil for bugs the plainest cases show). The mutation tests prove it: with that capability
    /// taken away, the catalog passes the mutant.
    public let needs: Capability?
    /// Further capabilities that see the same bug from another side (a re-entrant ordering bug
    /// shows both in synchronous timelines and in the order of operations); the proof that
    /// `needs` is required takes these away too.
    public let alsoSeenBy: [Capability]

    /// A capability of the generator or the oracle.
    public enum Capability: String, Sendable, CaseIterable {
        /// Sources and inners that deliver inside their subscribe call.
        case synchronousSources
        /// Hot sources that hand their latest event over inside subscribe and live on, like a
        /// `BehaviorSubject`: a subscription log for a source that delivers during subscribe.
        case behaviorSources
        /// Several subscribers to one output, each an independent run.
        case independentSubscriptions
        /// An observer disposing from inside `onNext`, for every operator and with synchronous
        /// sources, judged by a model that plays the same observer.
        case disposalInsideOnNext
        /// An observer sending a value back into the input, for every operator.
        case feedback
        /// The same, into a live inner source of a higher-order operator.
        case feedbackIntoInners
        /// The same, into any source of a multi-source operator, not only the first.
        case feedbackIntoOtherSources
        /// Nothing the operator scheduled runs after its output ended.
        case quietAfterEnd
        /// The occasional case of thousands of events — or of a parameter in the thousands, such
        /// as a startWith prefix — run on a large stack whose depth is measured.
        case largeCases
        /// The ordered log of subscribes, disposes and output events within each tick.
        case operationOrder
        /// In that log, the operator's releases of subscriptions their source had ended.
        case releases
        /// One subscriber of a shared output disposing or subscribing another from inside its
        /// own delivery.
        case subscriberActions
        /// Now and then hundreds to thousands of cheap sources for an operator over a list,
        /// sometimes all synchronous.
        case manySources
    }

    public init(name: String, spec: String, minimumEvents: Int, needs: Capability? = nil, alsoSeenBy: [Capability] = [],
                build: @escaping @Sendable (ScenarioContext) -> Observable<Int>) {
        self.alsoSeenBy = alsoSeenBy
        self.name = name
        self.spec = spec
        self.minimumEvents = minimumEvents
        self.needs = needs
        self.build = build
    }

    public var description: String { name }
}

/// An object for withUnretained mutants to hold or drop.
final class MutantOwner {}

/// Reads an array as one number, digit by digit (wrapping), as the catalog does.
func digits(_ values: [Int]) -> Int { values.reduce(0) { $0 &* 10 &+ $1 } }
