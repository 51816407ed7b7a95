import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var rangeShape: ScenarioShape {
        var shape = shape(0...0, parameters: [0...5, 0...4])
        shape.tickStep = 1
        shape.earlyDisposePercent = 50
        return shape
    }

    static var range: OperatorSpec {
        OperatorSpec("range", "range(start:count:scheduler:) emits one integer per tick", shape: rangeShape,
                     build: { Observable<Int>.range(start: $0.parameters[0], count: $0.parameters[1], scheduler: $0.scheduler) },
                     model: { RangeModel.outcome($0, start: $0.parameters[0], count: $0.parameters[1]) })
    }

    static var generate: OperatorSpec {
        OperatorSpec("generate", "generate emits states while the condition holds, one per tick", shape: rangeShape,
                     build: { context in
                         let (start, count) = (context.parameters[0], context.parameters[1])
                         return Observable.generate(initialState: start, condition: { $0 < start + count },
                                                    scheduler: context.scheduler) { $0 + 1 }
                     },
                     model: { RangeModel.outcome($0, start: $0.parameters[0], count: $0.parameters[1]) })
    }

    static var repeatElement: OperatorSpec {
        var shape = rangeShape
        shape.earlyDisposePercent = 90   // it runs until disposed: keep most windows short
        return OperatorSpec("repeatElement", "repeatElement(x, scheduler:) emits x every tick until disposed", shape: shape,
                     build: { Observable.repeatElement($0.parameters[0], scheduler: $0.scheduler) },
                     model: { RangeModel.outcome($0, repeating: $0.parameters[0]) })
    }

    static var justScheduled: OperatorSpec {
        OperatorSpec("just(_:scheduler:)", "just(x, scheduler:) emits x at S+1 and completes at S+2", shape: rangeShape,
                     build: { Observable.just($0.parameters[0], scheduler: $0.scheduler) },
                     model: { FromModel.outcome($0, elements: [$0.parameters[0]], onVirtualScheduler: true) })
    }
}
