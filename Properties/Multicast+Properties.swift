import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var multicastSelector: OperatorSpec {
        OperatorSpec("multicast(_:selector:)", "multicast(_:selector:) shares one source subscription between the selector's uses",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { context in
                         context.sources[0].multicast({ PublishSubject<Int>() }, selector: { shared in
                             Observable.merge(shared, shared.map { $0 + 100 })
                         })
                     },
                     model: MulticastModel.outcome(mergedWithOffset:))
            .withoutFeedback(because: "an element fed back while the first use receives one reaches both uses before the second use receives the first, depth-first across two subscribers")
    }
}

// Connectables connected as they are created, before anyone subscribes: the source runs whether
// anyone listens, and subscribers come and go (and act on one another) on its subject.
extension Catalog {
    static var publishConnected: OperatorSpec {
        OperatorSpec("publish().connect()", "publish() connected at once shares one subscription; a late subscriber misses what came before",
                     shape: sharedShape(parameters: []),
                     build: { context in
                         let published = context.sources[0].publish()
                         _ = published.connect()
                         return published
                     },
                     model: { ShareModel.outcome($0, replay: 0, lifetime: .connected) })
            .keepingSourceSubscribed(because: keepsItsSource)
    }

    static var replayConnected: OperatorSpec {
        OperatorSpec("replay(_:).connect()", "replay(n) connected at once replays the last n elements to each new subscriber",
                     shape: sharedShape,
                     build: { context in
                         let replayed = context.sources[0].replay(context.parameters[0])
                         _ = replayed.connect()
                         return replayed
                     },
                     model: { ShareModel.outcome($0, replay: $0.parameters[0], lifetime: .connected) })
            .keepingSourceSubscribed(because: keepsItsSource)
    }
}
