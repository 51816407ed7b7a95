// The bridge runs a scenario exactly as RxCheck does: built against RxCheck's own core (the
// shims), a bridge run of an operator records the same output, subscription logs, further
// subscribers' outputs and events after dispose as `Scenario.run` of that operator, on every
// kind of scenario the generator draws. And its scripted hot source behaves as RxTest's own hot
// observable wherever that one can express the tie order.

import Testing
import RxCheck
import RxCheckRxSwift
import RxCore
import RxSwiftBridge
import RxTestKit

/// An operator as either run builds it: from the sources, the inner source an element names,
/// the scheduler and the parameters.
struct BridgedOperator: CustomStringConvertible, Sendable {
    typealias Build = @Sendable (_ sources: [Observable<Int>], _ inner: @escaping (Int) -> Observable<Int>,
                                 _ scheduler: TestScheduler, _ parameters: [Int]) -> Observable<Int>
    let description: String
    let shape: ScenarioShape
    let build: Build

    static func shape(sources: Int, inners: ClosedRange<Int> = 0...0, parameters: [ClosedRange<Int>] = []) -> ScenarioShape {
        var shape = ScenarioShape.hot(sources)
        shape.flavors = .mixedWithSynchronous
        shape.inners = inners
        shape.innerFlavors = .mixedWithSynchronous
        shape.parameters = parameters
        shape.extraSubscribers = 0...2
        shape.disposeInsidePercent = 15
        shape.feedbackPercent = 15
        return shape
    }

    static let all: [BridgedOperator] = [
        .init(description: "combineLatest", shape: shape(sources: 2)) { s, _, _, _ in Observable.combineLatest(s[0], s[1]) { $0 * 10 + $1 } },
        .init(description: "zip", shape: shape(sources: 2)) { s, _, _, _ in Observable.zip(s[0], s[1]) { $0 * 10 + $1 } },
        .init(description: "merge", shape: shape(sources: 2)) { s, _, _, _ in Observable.merge(s[0], s[1]) },
        .init(description: "concat", shape: shape(sources: 2)) { s, _, _, _ in Observable.concat(s[0], s[1]) },
        .init(description: "withLatestFrom", shape: shape(sources: 2)) { s, _, _, _ in s[0].withLatestFrom(s[1]) { $0 * 10 + $1 } },
        .init(description: "flatMap", shape: shape(sources: 1, inners: 1...3)) { s, inner, _, _ in s[0].flatMap { inner($0) } },
        .init(description: "flatMapLatest", shape: shape(sources: 1, inners: 1...3)) { s, inner, _, _ in s[0].flatMapLatest { inner($0) } },
        .init(description: "concatMap", shape: shape(sources: 1, inners: 1...3)) { s, inner, _, _ in s[0].concatMap { inner($0) } },
        .init(description: "take", shape: shape(sources: 1, parameters: [0...4])) { s, _, _, p in s[0].take(p[0]) },
        .init(description: "startWith", shape: shape(sources: 1)) { s, _, _, _ in s[0].startWith(7, 8) },
        .init(description: "share", shape: shape(sources: 1)) { s, _, _, _ in s[0].map { $0 + 1 }.share(replay: 1) },
        .init(description: "debounce", shape: shape(sources: 1, parameters: [1...5])) { s, _, scheduler, p in
            s[0].debounce(.seconds(p[0] * 10), scheduler: scheduler)
        },
        .init(description: "delay", shape: shape(sources: 1, parameters: [1...5])) { s, _, scheduler, p in
            s[0].delay(.seconds(p[0] * 10), scheduler: scheduler)
        },
    ]
}

@Suite struct BridgeTests {
    /// 300 drawn scenarios per operator, sizes 0 to 99: hot, cold, synchronous and behavior
    /// sources and inners, same-tick ties in drawn orders, early disposes, further
    /// subscribers, disposes inside onNext and feedback.
    @Test(arguments: BridgedOperator.all)
    func bridgeRun_recordsWhatRxChecksRunRecords(_ op: BridgedOperator) throws {
        var compared = 0
        for index in 0..<300 {
            let scenario = try op.shape.generator.generate(ChoiceSource(seed: 0xB81D_6E00 &+ UInt64(index), size: index % 100))
            let expected = scenario.run { context in op.build(context.sources, context.inner, context.scheduler, context.parameters) }
            guard !expected.isRunaway else { continue }
            let actual = RxSwiftBridge.run(BridgeScenario(scenario)) { context in
                op.build(context.sources, context.inner, context.scheduler, context.parameters)
            }
            compared += 1
            #expect(!actual.isRunaway)
            #expect(actual.outcome == expected.outcome, "\(op) case \(index):\n\(scenario)\nexpected \(expected.outcome)\nactual   \(actual.outcome)")
            #expect(actual.recordedAfterDispose == expected.eventsAfterDispose, "\(op) case \(index): events after dispose")
            if actual.outcome != expected.outcome { break }
        }
        #expect(compared >= 250)
    }

    /// Where RxTest's hot observable can express the tie order — each source's events queued
    /// when it is made, sources before inners: the drawn scenarios with their ties set to that
    /// order and no behavior source — the scripted source and RxTest's record the same run.
    @Test(arguments: BridgedOperator.all)
    func scriptedHotSource_agreesWithCreateHotObservable(_ op: BridgedOperator) throws {
        var compared = 0
        for index in 0..<300 {
            var scenario = try op.shape.generator.generate(ChoiceSource(seed: 0x407_0000 &+ UInt64(index), size: index % 100))
            guard !(scenario.sources + scenario.inners).contains(where: { $0.flavor == .behavior }) else { continue }
            scenario.hotOrder = Scenario.defaultHotOrder(sources: scenario.sources, inners: scenario.inners)
            let bridged = BridgeScenario(scenario)
            let scripted = RxSwiftBridge.run(bridged, hotSources: .scripted) { op.build($0.sources, $0.inner, $0.scheduler, $0.parameters) }
            let rxTest = RxSwiftBridge.run(bridged, hotSources: .rxTest) { op.build($0.sources, $0.inner, $0.scheduler, $0.parameters) }
            guard !scripted.isRunaway && !rxTest.isRunaway else { continue }
            compared += 1
            #expect(scripted == rxTest, "\(op) case \(index):\n\(scenario)")
            if scripted != rxTest { break }
        }
        #expect(compared >= 120)
    }

    /// A hot source's ties fire in the scenario's order, not in the order of the sources: the
    /// case RxTest's own hot observable cannot express.
    @Test func scriptedHotSource_firesTiesInTheScenariosOrder() {
        let scenario = BridgeScenario(
            sources: [BridgeTimeline(.hot, [BridgeEvent(210, .next, 1)]), BridgeTimeline(.hot, [BridgeEvent(210, .next, 2)])],
            hotOrder: [BridgeEventRef(inner: false, source: 1, index: 0), BridgeEventRef(inner: false, source: 0, index: 0)])
        let run = RxSwiftBridge.run(scenario) { Observable.merge($0.sources[0], $0.sources[1]) }
        #expect(run.events == [BridgeEvent(210, .next, 2), BridgeEvent(210, .next, 1)])
        #expect(run.sourceLogs == [[BridgeSubscription(200, 1000)], [BridgeSubscription(200, 1000)]])
    }
}
