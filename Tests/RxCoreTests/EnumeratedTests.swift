import Testing
import RxCore
import RxTestKit

@Suite struct EnumeratedTests {
    @Test func enumerated_countsPerSubscription() {
        #expect(runHot([next(210, 7), next(220, 8)]) { $0.enumerated().map { $0.index * 10 + $0.element } }.0 == [next(210, 7), next(220, 18)])
    }
}
