import Testing
import OpenCombineModels

/// The demand a case's first five parameters stand for: every shape the subscriber may ask in.
@Suite struct DemandScriptTests {
    @Test func zeroes_meanUnlimitedDemand() {
        #expect(DemandScript(parameters: [0, 0, 0, 0, 0], subscribed: 200) == .unlimited)
        #expect(DemandScript(parameters: [], subscribed: 200).isUnlimited)
    }

    @Test func firstParameter_setsTheInitialRequest_orNone() {
        #expect(DemandScript(parameters: [5, 0, 0, 0, 0], subscribed: 200).initial == 2)
        let late = DemandScript(parameters: [8, 0, 2, 0, 0], subscribed: 200)
        #expect(late.initial == 0)
        #expect(late.later == [.init(tick: 400, count: 2)])
        #expect(late.description == "demand: none at subscription, .max(2) at 400")
    }

    @Test func fourthParameter_makesManySmallRequests_inTickOrder() {
        let script = DemandScript(parameters: [4, 1, 1, 2, 0], subscribed: 200)
        #expect(script.later.map(\.tick) == [215, 230, 245, 260, 300])
        #expect(script.later.map(\.count) == [1, 1, 1, 1, 1])
        #expect(script.description == "demand: .max(1) at subscription, .max(1) per element, .max(1) at 215, 230, 245, 260, 300")
    }

    @Test func fifthParameter_asksAgainAfterTheCompletion() {
        let script = DemandScript(parameters: [0, 0, 0, 0, 1], subscribed: 200)
        #expect(script.asksAfterCompletion)
        #expect(script.description == "demand: unlimited, asks again after the completion")
    }

    @Test func drawnRanges_coverEveryShape() {
        #expect(DemandScript.drawn.count == DemandScript.parameterCount)
        #expect(DemandScript.drawn[0].contains(8))
        #expect(DemandScript.drawn[1].contains(0))
        #expect(DemandScript.drawn[3].upperBound >= 2)
        #expect(DemandScript.drawn[4] == 0...1)
    }
}
