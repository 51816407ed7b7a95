// Mutants that share one subscription but mishandle a subscriber acting on another from inside
// its own delivery (or the replay it receives as it subscribes): each is seen only through a
// subscriber action.

import RxCore
import RxTestKit

extension Mutant {
    /// Re-entrant sharing gone wrong.
    public static let sharing: [Mutant] = [
        // One element: the main subscriber disposes the second, which must not get it.
        Mutant(name: "share() delivers to a subscriber disposed during the delivery", spec: "share()", minimumEvents: 1,
               needs: .subscriberActions) { Mutants.share($0.sources[0], with: .deliversToDisposedToo) },
        // One element: the main subscriber subscribes the second, which must not get it.
        Mutant(name: "share() delivers to a subscriber added during the delivery", spec: "share()", minimumEvents: 1,
               needs: .subscriberActions) { Mutants.share($0.sources[0], with: .deliversToAddedToo) },
        // One element, replayed to a later subscriber, which disposes the main one inside that
        // replay: the connection must stay, for the new subscriber counts already.
        Mutant(name: "share(replay:) replays before registering the new subscriber", spec: "share(replay:scope: .whileConnected)",
               minimumEvents: 1, needs: .subscriberActions) {
            Mutants.share($0.sources[0], replay: $0.parameters[0], with: .replaysBeforeRegistering)
        },
        // One element: the main subscriber subscribes the second, which must not get it.
        Mutant(name: "PublishSubject delivers to a subscriber added during the delivery", spec: "PublishSubject",
               minimumEvents: 1, needs: .subscriberActions) { Mutants.publishSubjectDeliveringToAdded(fedBy: $0.sources[0]) },
    ]
}
