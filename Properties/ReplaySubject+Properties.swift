import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var replaySubject: OperatorSpec {
        OperatorSpec("ReplaySubject", "a ReplaySubject fed by the source replays its last n elements, and its terminal, to each new subscriber",
                     shape: sharedShape(parameters: [1...3]),
                     build: { context in
                         let subject = ReplaySubject<Int>.create(bufferSize: context.parameters[0])
                         _ = context.sources[0].subscribe(subject)
                         return subject.asObservable()
                     },
                     model: { ShareModel.outcome($0, replay: $0.parameters[0], lifetime: .subject(initial: nil)) })
            .keepingSourceSubscribed(because: keepsItsSource)
    }
}
