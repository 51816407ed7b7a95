import RxCheck
import RxCore
import RxModels
import RxTestKit

// Creation operators: their cases vary the harness window and the parameters; deferred and
// create also wrap a generated source.
extension Catalog {
    static var creationSpecs: [OperatorSpec] {
        [just, empty, never, error, from, fromVirtual, deferred, create, timer, interval]
    }

    /// Elements of a `from` case: parameters[0] says how many of the rest to use.
    static func fromElements(_ parameters: [Int]) -> [Int] { Array(parameters.dropFirst().prefix(parameters[0])) }

    static var just: OperatorSpec {
        OperatorSpec("just", "just(x) emits x and completes at subscription", shape: shape(0...0, parameters: [0...9]),
                     build: { Observable.just($0.parameters[0]) },
                     model: { JustModel.outcome($0, element: $0.parameters[0]) })
    }

    static var empty: OperatorSpec {
        OperatorSpec("empty", "empty() completes at subscription", shape: shape(0...0),
                     build: { _ in Observable<Int>.empty() }, model: EmptyModel.outcome)
    }

    static var never: OperatorSpec {
        OperatorSpec("never", "never() emits nothing", shape: shape(0...0),
                     build: { _ in Observable<Int>.never() }, model: NeverModel.outcome)
    }

    static var error: OperatorSpec {
        OperatorSpec("error", "error(e) fails at subscription", shape: shape(0...0, parameters: [1...3]),
                     build: { Observable<Int>.error(TestError($0.parameters[0])) },
                     model: { ErrorModel.outcome($0, identity: $0.parameters[0]) })
    }

    static var from: OperatorSpec {
        OperatorSpec("from", "from(array) emits every element and completes at subscription",
                     shape: shape(0...0, parameters: [0...4, 0...9, 0...9, 0...9, 0...9]),
                     build: { Observable.from(fromElements($0.parameters)) },
                     model: { FromModel.outcome($0, elements: fromElements($0.parameters), onVirtualScheduler: false) })
    }

    static var fromVirtual: OperatorSpec {
        var spec = OperatorSpec("from(scheduler:)", "from(array, scheduler:) emits element k at S+k",
                                shape: shape(0...0, parameters: [0...4, 0...9, 0...9, 0...9, 0...9]),
                                build: { Observable.from(fromElements($0.parameters), scheduler: $0.scheduler) },
                                model: { FromModel.outcome($0, elements: fromElements($0.parameters), onVirtualScheduler: true) })
        spec.shape.tickStep = 1
        spec.shape.earlyDisposePercent = 50
        return spec
    }

    /// Any sequence, iterated lazily per subscription: a lazy map over the drawn elements.
    static var fromSequence: OperatorSpec {
        var spec = OperatorSpec("from(sequence)", "from(any sequence, scheduler:) iterates lazily, element k at S+k",
                                shape: shape(0...0, parameters: [0...4, 0...9, 0...9, 0...9, 0...9]),
                                build: { Observable.from(fromElements($0.parameters).lazy.map { $0 + 1 }, scheduler: $0.scheduler) },
                                model: { FromModel.outcome($0, elements: fromElements($0.parameters).map { $0 + 1 }, onVirtualScheduler: true) })
        spec.shape.tickStep = 1
        spec.shape.earlyDisposePercent = 50
        return spec
    }

    /// parameters[0] says whether there is an element, parameters[1] is it.
    static var fromOptional: OperatorSpec {
        var spec = OperatorSpec("from(optional:)", "from(optional:) is from([x]) or from([])",
                                shape: shape(0...0, parameters: [0...1, 0...9]),
                                build: { Observable.from(optional: $0.parameters[0] == 1 ? $0.parameters[1] : nil, scheduler: $0.scheduler) },
                                model: { FromModel.outcome($0, elements: $0.parameters[0] == 1 ? [$0.parameters[1]] : [], onVirtualScheduler: true) })
        spec.shape.tickStep = 1
        spec.shape.earlyDisposePercent = 50
        return spec
    }

    static var deferred: OperatorSpec {
        OperatorSpec("deferred", "deferred subscribes the factory's observable at subscription and mirrors it",
                     shape: shape(1...1, .mixedWithSynchronous), build: { context in Observable.deferred { context.sources[0] } },
                     model: DeferredModel.outcome)
    }

    static var create: OperatorSpec {
        OperatorSpec("create", "create forwards what its handler sends and stops after a terminal", shape: shape(1...1, .mixedWithSynchronous),
                     build: { context in Observable.create { observer in context.sources[0].subscribe(observer) } },
                     model: CreateModel.outcome)
    }

    static var timer: OperatorSpec {
        var spec = OperatorSpec("timer", "timer(d) emits 0 and completes at S+max(d,1)", shape: shape(0...0, parameters: [0...12]),
                                build: { Observable<Int>.timer(.seconds($0.parameters[0] * 10), scheduler: $0.scheduler) },
                                model: { TimerModel.outcome($0, dueTicks: $0.parameters[0] * 10, periodTicks: nil) })
        spec.shape.earlyDisposePercent = 50
        return spec
    }

    static var interval: OperatorSpec {
        var spec = OperatorSpec("interval", "interval(p) emits 0, 1, 2, … every max(p,1) ticks from S",
                                shape: shape(0...0, parameters: [0...12]),
                                build: { Observable<Int>.interval(.seconds($0.parameters[0] * 10), scheduler: $0.scheduler) },
                                model: { IntervalModel.outcome($0, periodTicks: $0.parameters[0] * 10) })
        spec.shape.earlyDisposePercent = 80
        return spec
    }
}
