import Testing
import RxCore
import RxTestKit

@Suite struct SkipWhileTests {
    @Test func skipWhile_predicateNotCalledAfterItFails() {
        var calls = 0
        let result = runHot([next(210, 1), next(220, 5), next(230, 1)]) { $0.skip(while: { calls += 1; return $0 < 3 }) }
        #expect(result.0 == [next(220, 5), next(230, 1)])
        #expect(calls == 2)
    }
}
