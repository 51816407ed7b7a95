import Testing
import RxCore
import RxTestKit
import RxModels

/// RxSwift's buffer example: buffers close on count or at the span, empty ones too.
@Suite struct BufferModelTests {
    @Test func rxswiftExample_emptyBuffersToo() {
        let outcome = BufferModel.outcome(scenario([hot([next(205, 1), next(210, 2), next(240, 3), next(280, 4), next(320, 5),
                                                         next(350, 6), next(370, 7), next(420, 8), next(470, 9), completed(600)])]),
                                          spanTicks: 70, count: 3)
        #expect(outcome.events == [next(240, [1, 2, 3]), next(310, [4]), next(370, [5, 6, 7]), next(440, [8]), next(510, [9]),
                                   next(580, [Int]()), next(600, [Int]()), completed(600, [Int].self)])
        #expect(outcome.sourceLogs == [[Subscription(200, 600)]])
    }

    @Test func error_discardsTheBuffer() {
        let outcome = BufferModel.outcome(scenario([hot([next(210, 1), error(220, testError)])]), spanTicks: 100, count: 5)
        #expect(outcome.events == [error(220, testError, [Int].self)])
    }
}
