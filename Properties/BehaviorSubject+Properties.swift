import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    /// Its initial element: a value no source draws.
    static let behaviorInitial = 9

    static var behaviorSubject: OperatorSpec {
        OperatorSpec("BehaviorSubject", "a BehaviorSubject fed by the source hands each new subscriber its latest element, then what comes",
                     shape: sharedShape(parameters: []),
                     build: { context in
                         let subject = BehaviorSubject<Int>(value: behaviorInitial)
                         _ = context.sources[0].subscribe(subject)
                         return subject.asObservable()
                     },
                     model: { ShareModel.outcome($0, replay: 1, lifetime: .subject(initial: behaviorInitial)) })
            .keepingSourceSubscribed(because: keepsItsSource)
    }
}
