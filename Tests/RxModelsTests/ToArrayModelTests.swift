import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct ToArrayModelTests {
    @Test func everyElementAtTheCompletion() {
        #expect(ToArrayModel.outcome(scenario([hot([next(210, 1), next(220, 2), completed(230)])])).events
                == [next(230, [1, 2]), completed(230, [Int].self)])
        #expect(ToArrayModel.outcome(scenario([hot([completed(230)])])).events == [next(230, [Int]()), completed(230, [Int].self)])
    }

    @Test func error_discardsTheElements() {
        #expect(ToArrayModel.outcome(scenario([hot([next(210, 1), error(230, testError)])])).events
                == [error(230, testError, [Int].self)])
    }
}
