import Testing
import RxCore
import RxTestKit

@Suite struct DoTests {
    @Test func do_callsSideEffectsInOrder_andAThrowingHandlerBecomesTheError() {
        var log: [String] = []
        let result = runHot([next(210, 1), completed(220)]) {
            $0.do(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
                  onSubscribe: { log.append("subscribe") }, onDispose: { log.append("dispose") })
        }
        #expect(result.0 == [next(210, 1), completed(220)])
        #expect(log == ["subscribe", "next 1", "completed", "dispose"])
        #expect(runHot([next(210, 1)]) { $0.do(onNext: { _ in throw testError }) }.0 == [error(210, testError)])
    }
}
