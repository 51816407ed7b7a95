import Testing
import RxCore
import RxTestKit

@Suite struct ElementAtTests {
    @Test func elementAt_outOfRange_errorsAtCompletion() {
        #expect(runHot([next(210, 1), next(220, 2)]) { $0.element(at: 1) }.0 == [next(220, 2), completed(220)])
        #expect(runHot([next(210, 1), completed(230)]) { $0.element(at: 1) }.0 == [error(230, RxError.argumentOutOfRange)])
    }
}
