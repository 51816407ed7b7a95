import AsyncAlgorithmsModels
import RxCheck
import RxCheckAsync
import RxTestKit

/// One swift-async-algorithms operator or type in the catalog: how to build it from a run's
/// sources, the scenarios it meets, and — where the library's guide pins its output down — its
/// model. The shape names only the operator's own parameters; the consumer script's follow.
public struct AsyncSpec {
    /// The operator, as `rxcheck-async list` groups it (`zip2`, `buffer.bounded`).
    public let name: String
    /// One line: the call and what is claimed.
    public let summary: String
    /// Scenarios, with the operator's own parameters only.
    public var shape: ScenarioShape
    /// The operator under test.
    public var subject: AsyncOperator
    /// The model; nil for operators judged by the model-free properties only.
    public var model: AsyncModel?
    /// Whether the output must end once every source has (false for a timer, which never ends).
    public var finishesWithSources = true
    /// Whether *drains* applies: a model that can say what a consumer has had once everything
    /// has happened (not so for a lossy buffer, which may drop anything but its ends).
    public var drains = true
    /// The scenarios *matchesModel* draws, where the model predicts only some (a timed operator
    /// over buffered sources); nil: `shape`.
    public var modelShape: ScenarioShape?
    /// The consumer paces *matchesModel* draws (`0...0` where the model predicts only a
    /// consumer that asks at once).
    public var modelPace: ClosedRange<Int> = 0...3

    /// The entry `name`, claimed in one line by `summary`, drawing `shape`'s scenarios (its
    /// parameters are the operator's own), judged by `model` where there is one, built by `build`.
    public init(_ name: String, _ summary: String, shape: ScenarioShape, model: AsyncModel?,
                build: @escaping AsyncBuild) {
        self.name = name
        self.summary = summary
        self.shape = shape
        self.subject = AsyncOperator(parameterCount: shape.parameters.count, build: build)
        self.model = model
    }

    /// The same spec with another operator in its place (a mutant), under another name.
    public func with(name: String, build: @escaping AsyncBuild) -> AsyncSpec {
        var copy = self
        let excuses = subject.excuses
        copy.subject = AsyncOperator(parameterCount: shape.parameters.count, build: build)
        copy.subject.excuses = excuses
        return AsyncSpec(copying: copy, name: name)
    }

    /// The same spec judging runs with `findings`' symptoms taken out (those of this operator).
    public func tolerating(_ findings: [AsyncFinding]) -> AsyncSpec {
        var copy = self
        copy.subject.excuses = findings.filter { $0.spec == name }.map(\.excuse)
        return copy
    }

    private init(copying spec: AsyncSpec, name: String) {
        self.name = name
        summary = spec.summary
        shape = spec.shape
        subject = spec.subject
        model = spec.model
        finishesWithSources = spec.finishesWithSources
        modelShape = spec.modelShape
        drains = spec.drains
        modelPace = spec.modelPace
    }

    /// The scenarios drawn: the operator's parameters, then the consumer script's.
    public var drawnShape: ScenarioShape {
        var shape = self.shape
        shape.parameters += ConsumerScript.ranges
        return shape
    }

    /// The scenarios *matchesModel* draws.
    public var drawnModelShape: ScenarioShape {
        var shape = modelShape ?? self.shape
        shape.parameters += ConsumerScript.ranges(pace: modelPace)
        return shape
    }

    /// *matchesModel* where there is a model, *nothingAfterEnd*, *finishes* where the output
    /// must end with its sources, *cancels* and *deterministic*.
    public var properties: [Property<Scenario>] {
        let subject = self.subject
        let shape = drawnShape
        var list: [Property<Scenario>] = []
        if let model {
            list.append(AsyncCatalog.property("\(name).matchesModel", "\(summary): the output fits the model under the drawn schedule",
                                              group: name, shape: drawnModelShape, subject: subject) {
                AsyncCheck.matchesModel($0, subject, model: model)
            })
        }
        if let model, drains {
            list.append(AsyncCatalog.property("\(name).drains",
                                              "\(summary): with the window left open, every element the model predicts arrives",
                                              group: name, shape: drawnModelShape, subject: subject) {
                AsyncCheck.drains($0, subject, model: model)
            })
        }
        list.append(AsyncCatalog.property("\(name).nothingAfterEnd", "\(summary): next() returns nil for ever after the end",
                                          group: name, shape: shape, subject: subject) {
            AsyncCheck.nothingAfterEnd($0, subject)
        })
        if finishesWithSources {
            list.append(AsyncCatalog.property("\(name).finishes", "\(summary): once every source has ended, the output ends (no hang)",
                                              group: name, shape: shape, subject: subject) {
                AsyncCheck.finishes($0, subject)
            })
        }
        list.append(AsyncCatalog.property("\(name).cancels", "\(summary): after the end or a cancel, no iteration, task or sleep is left",
                                          group: name, shape: shape, subject: subject) {
            AsyncCheck.cancels($0, subject)
        })
        list.append(AsyncCatalog.property("\(name).deterministic", "\(summary): two runs of a case agree, schedule included",
                                          group: name, shape: shape, subject: subject) {
            AsyncCheck.deterministic($0, subject)
        })
        return list
    }
}
