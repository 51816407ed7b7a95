import Testing
import RxCore
import RxTestKit
import RxModels

@Suite struct GroupByModelTests {
    private static let events: [Recorded<Event<Int>>] =
        [next(210, 1), next(220, 2), next(230, 3), next(240, 4), next(250, 5), completed(260)]

    @Test func runningSums_oneGroupPerKeyForTheWholeRun() {
        let outcome = GroupByModel.outcome(runningSums: scenario([hot(Self.events)])) { $0 % 2 }
        #expect(outcome.events == [next(210, 1001), next(220, 2), next(230, 1004), next(240, 6), next(250, 1009), completed(260)])
    }

    @Test func firstGroup_holdsTheSourceAfterTheGroupsObserverLeft() {
        let outcome = GroupByModel.outcome(firstGroup: scenario([hot(Self.events)])) { $0 % 2 }
        #expect(outcome.events == [next(210, 1), next(230, 3), next(250, 5), completed(260)])
        #expect(outcome.sourceLogs == [[Subscription(200, 260)]])
    }
}
