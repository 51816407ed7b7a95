import Testing
import RxCore
import RxTestKit

@Suite struct TakeLastTests {
    @Test func takeLast_emitsKeptAtCompletion_zeroJustCompletes() {
        #expect(runHot([next(210, 1), next(220, 2), next(225, 3), completed(230)]) { $0.takeLast(2) }.0
                == [next(230, 2), next(230, 3), completed(230)])
        #expect(runHot([next(210, 1), completed(230)]) { $0.takeLast(0) }.0 == [completed(230)])
        #expect(runHot([next(210, 1), error(230, testError)]) { $0.takeLast(2) }.0 == [error(230, testError)])
    }
}
