import Testing
import RxCore
import RxTestKit

@Suite struct CompactMapTests {
    @Test func compactMap_dropsNils() {
        #expect(runHot([next(210, 1), next(220, 2), completed(230)]) { $0.compactMap { $0 == 1 ? nil : $0 } }.0
                == [next(220, 2), completed(230)])
    }
}
