import Testing
import RxCore
import RxTestKit

@Suite struct ReduceTests {
    @Test func reduce_emitsAtCompletion_seedWhenEmpty_nothingOnError() {
        #expect(runHot([next(210, 1), next(220, 2), completed(230)]) { $0.reduce(10, accumulator: +) }.0 == [next(230, 13), completed(230)])
        #expect(runHot([completed(230)]) { $0.reduce(10, accumulator: +) }.0 == [next(230, 10), completed(230)])
        #expect(runHot([next(210, 1), error(230, testError)]) { $0.reduce(10, accumulator: +) }.0 == [error(230, testError)])
    }

}
