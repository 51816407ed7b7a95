// Mutants that recurse once per source of a list: seen at scale by the depth of the stack
// (hundreds of synchronous sources), and small by their releases.

import RxCore
import RxTestKit

extension Mutant {
    /// Recursion per source of a static list.
    public static let scale: [Mutant] = [
        // s0 completes inside its subscribe call: s1 is subscribed inside that call, so s0's
        // release comes after it. With hundreds of synchronous sources, the stack grows past
        // its budget.
        Mutant(name: "concat of a list recurses once per synchronous source", spec: "concat", minimumEvents: 1,
               needs: .manySources, alsoSeenBy: [.releases]) { Mutants.concatRecursesPerSource($0.sources) },
        // The same, s0 failing inside its subscribe call.
        Mutant(name: "catch(sequence:) recurses once per synchronous source", spec: "catch(sequence:)", minimumEvents: 1,
               needs: .manySources, alsoSeenBy: [.releases]) { Mutants.catchSequenceRecursesPerSource($0.sources) },
    ]
}
