import Testing
import RxCore
import RxTestKit

@Suite struct SingleOperatorTests {
    @Test func single_errorsOnSecondElementOrEmpty() {
        #expect(runHot([next(210, 1), completed(230)]) { $0.single() }.0 == [next(210, 1), completed(230)])
        #expect(runHot([next(210, 1), next(220, 2)]) { $0.single() }.0 == [next(210, 1), error(220, RxError.moreThanOneElement)])
        #expect(runHot([completed(230)]) { $0.single() }.0 == [error(230, RxError.noElements)])
    }
}
