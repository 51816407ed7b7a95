import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var publishSubject: OperatorSpec {
        OperatorSpec("PublishSubject", "a PublishSubject fed by the source hands each subscriber what comes while it listens",
                     shape: sharedShape(parameters: []),
                     build: { context in
                         let subject = PublishSubject<Int>()
                         _ = context.sources[0].subscribe(subject)
                         return subject.asObservable()
                     },
                     model: { ShareModel.outcome($0, replay: 0, lifetime: .subject(initial: nil)) })
            .keepingSourceSubscribed(because: keepsItsSource)
    }
}
