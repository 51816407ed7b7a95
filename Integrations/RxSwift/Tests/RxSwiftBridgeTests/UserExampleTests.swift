// The README's example for RxSwift users, compiled and run here against RxCheck's core (the
// shims): a property for a hand-written RxSwift operator, run through the bridge on RxCheck's
// scenarios and judged against a reference — and the same property catching a broken one.

import Testing
import RxCheck
import RxCheckRxSwift
import RxSwift
import RxSwiftBridge
import RxTestKit

extension ObservableType where Element == Int {
    /// The largest element so far, hand-written, as an RxSwift user would.
    func runningMax() -> Observable<Int> {
        Observable.create { observer in
            var largest: Int?
            return self.subscribe { event in
                switch event {
                case .next(let value):
                    largest = max(largest ?? value, value)
                    observer.onNext(largest!)
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }

    /// The same, broken: at every second element it forgets the largest one before.
    func forgetfulMax() -> Observable<Int> {
        Observable.create { observer in
            var largest: Int?
            var seen = 0
            return self.subscribe { event in
                switch event {
                case .next(let value):
                    seen += 1
                    if seen % 2 == 0 { largest = nil }
                    largest = max(largest ?? value, value)
                    observer.onNext(largest!)
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}

@Suite struct UserExampleTests {
    static func property(_ name: String, _ candidate: @escaping (Observable<Int>) -> Observable<Int>) -> Property<Scenario> {
        .scenario(name, summary: "\(name) equals scan(max)", shape: .hot(1)) { scenario in
            let run = RxSwiftBridge.run(BridgeScenario(scenario)) { candidate($0.sources[0]) }
            let model = RxSwiftBridge.run(BridgeScenario(scenario)) { $0.sources[0].scan(Int.min) { max($0, $1) } }
            return run.outcome == model.outcome ? .pass
                : .fail(Failure(.differential, "\(name) differs from scan(max)",
                                details: ScenarioCheck.drawing(scenario, expected: model.outcome, actual: run.outcome)))
        }
    }

    @Test func runningMax_agreesWithScan() {
        let report = Runner.run(Self.property("runningMax") { $0.runningMax() })
        #expect(report.passed)
    }

    /// The broken one is caught and shrunk to two elements, the fewest that show it.
    @Test func forgetfulMax_isCaughtAndShrunk() throws {
        let report = Runner.run(Self.property("forgetfulMax") { $0.forgetfulMax() })
        #expect(!report.passed)
        let failure = try #require(report.failure)
        #expect(failure.shrunk.eventCount == 2, "\(failure.shrunk)")
    }
}
