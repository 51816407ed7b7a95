import Foundation
import RxCheck
import RxCore
import RxModels
import RxTestKit

/// Operators that misbehave on purpose, to prove that `rxcheck nightly` survives what code
/// under test can do. Not part of `Catalog.all`; the CLI adds them when `RXCHECK_SELFTEST=1`.
extension Catalog {
    /// `selftest.trap` traps (a failed precondition) when a source emits 4 three times in a
    /// row; `selftest.hang` blocks forever when it emits 3 three times in a row;
    /// `selftest.overflow` recurses without end (a stack overflow) when it emits 2 three times
    /// in a row; `selftest.combineLatest` is a combineLatest that forgets to wait for every
    /// source.
    public static var selfTest: [Property<Scenario>] {
        var shape = shape(1...1, .hot)
        shape.maxEvents = 30
        return [
            property("selftest.combineLatest", "a combineLatest that emits before every source has a value",
                     group: "selftest", shape: self.shape(2...2, .mixed)) {
                ScenarioCheck.matchesModel($0, build: { context in
                    Observable.combineLatest(context.sources[0].startWith(0), context.sources[1].startWith(0)) { $0 * 10 + $1 }
                        .skip(1)
                }, model: { CombineLatestModel.outcome($0, selector: digits) })
            },
            property("selftest.trap", "an operator that traps on a rare input", group: "selftest", shape: shape) {
                ScenarioCheck.matchesModel($0, build: { $0.sources[0].trappingOnRepeat(of: 4) },
                                           model: { MapModel.outcome($0) { $0 } })
            },
            property("selftest.overflow", "an operator that overflows its stack on a rare input", group: "selftest", shape: shape) {
                ScenarioCheck.matchesModel($0, build: { $0.sources[0].overflowingOnRepeat(of: 2) },
                                           model: { MapModel.outcome($0) { $0 } })
            },
            property("selftest.hang", "an operator that stops answering on a rare input", group: "selftest", shape: shape) {
                ScenarioCheck.matchesModel($0, build: { $0.sources[0].hangingOnRepeat(of: 3) },
                                           model: { MapModel.outcome($0) { $0 } })
            },
        ]
    }
}

extension Observable where Element == Int {
    fileprivate func trappingOnRepeat(of value: Int) -> Observable<Int> {
        var run = 0
        return map { element in
            run = element == value ? run + 1 : 0
            precondition(run < 3, "selftest.trap: \(value) arrived three times in a row")
            return element
        }
    }

    fileprivate func overflowingOnRepeat(of value: Int) -> Observable<Int> {
        var run = 0
        return map { element in
            run = element == value ? run + 1 : 0
            return run >= 3 ? descend(element) : element
        }
    }

    fileprivate func hangingOnRepeat(of value: Int) -> Observable<Int> {
        var run = 0
        return map { element in
            run = element == value ? run + 1 : 0
            while run >= 3 { usleep(100_000) }   // never returns
            return element
        }
    }
}

/// Recursion with no base case. The call goes through a variable, so the optimiser cannot
/// see that it recurses and turn it into a loop.
@inline(never)
private func descend(_ depth: Int) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { frame in
        frame.initialize(repeating: depth)
        return deeper(frame[depth & 31] &+ 1) &* 3 &- frame[0]
    }
}

nonisolated(unsafe) private var deeper: (Int) -> Int = descend
