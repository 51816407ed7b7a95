import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var asSingle: OperatorSpec {
        OperatorSpec("asSingle", "asSingle emits the element at completion, or errors", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].asSingle().asObservable() },
                     model: { SingleModel.outcome(converting: $0, emptyIsError: true) })
    }

    static var asMaybe: OperatorSpec {
        OperatorSpec("asMaybe", "asMaybe allows an empty completion", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].asMaybe().asObservable() },
                     model: { SingleModel.outcome(converting: $0, emptyIsError: false) })
    }

    static var first: OperatorSpec {
        OperatorSpec("first", "first() emits the first element, or nil, and completes", shape: shape(1...1, .mixedWithSynchronous),
                     build: { $0.sources[0].first().asObservable().map { $0 ?? -1 } },
                     model: { SingleModel.outcome(first: $0).mapElements { $0 ?? -1 } })
    }
}

extension Observable where Element == Never {
    /// The same terminal, typed as `Int` for the catalog.
    func asInt() -> Observable<Int> {
        let source = self
        return Observable<Int>.create { observer in
            source.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}
