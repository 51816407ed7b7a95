import AsyncAlgorithmsModels
import RxTestKit
import Testing

/// The models held against timelines derived by hand — several of them the diagrams of the
/// library's own tests, one diagram step being 10 ticks here.
@Suite struct ModelTests {
    func hot(_ events: [(Int, TimelineValue)]) -> SourceTimeline { SourceTimeline(.hot, events.map { TimelineEvent($0.0, $0.1) }) }

    /// One diagram symbol per 10 ticks from tick 200: a letter is an element (a = 0, b = 1, …),
    /// `|` a finish, `^` error 1, `-` nothing.
    func diagram(_ text: String) -> SourceTimeline {
        var events: [(Int, TimelineValue)] = []
        for (index, symbol) in text.enumerated() {
            let tick = 200 + 10 * index
            switch symbol {
            case "|": events.append((tick, .completed))
            case "^": events.append((tick, .error(1)))
            case "-": break
            default: events.append((tick, .next(Int(symbol.asciiValue! - Character("a").asciiValue!))))
            }
        }
        return hot(events)
    }

    func observed(_ elements: [(Int, String)], end: (Int, End)? = nil, cancelledAt: Int? = nil, starts: [Int?] = [200, 200]) -> Observed {
        Observed(elements: elements.map { Emitted($0.0, $0.1) }, end: end.map { (tick: $0.0, how: $0.1) },
                 cancelledAt: cancelledAt, sourceStarts: starts)
    }

    @Test func removeDuplicates_skipsARepeat_atTheConsumersPace() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (220, .next(1)), (230, .next(2)), (240, .completed)])])
        let expected = RemoveDuplicatesModel.expected(scenario, pace: 0)
        #expect(expected == Expected(elements: ["1", "2"], end: .finished, ticks: [210, 230, 240]))
    }

    /// The separator goes out when the element after it arrives; with a pace of 5 the element
    /// itself follows 5 ticks later.
    @Test func interspersed_emitsTheSeparatorWithTheNextElement() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .completed)])])
        let expected = InterspersedModel.expected(scenario, pace: 5)
        #expect(expected == Expected(elements: ["1", "-1", "2"], end: .finished, ticks: [210, 220, 225, 230]))
    }

    @Test func chunksOfCount_keepsTheRemainder_andAnErrorDropsIt() {
        let finished = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .completed)])])
        #expect(ChunksOfCountModel.expected(finished, count: 2, pace: 0).elements == ["[1,2]", "[3]"])
        let failed = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .error(2))])])
        #expect(ChunksOfCountModel.expected(failed, count: 2, pace: 0) == Expected(elements: ["[1,2]"], end: .threw(2), ticks: [220, 240]))
    }

    /// TestThrottle: "abcdefghijk|" throttled by 3 steps gives "a--d--g--j--[k|]", or with
    /// latest: false "a--b--e--h--[k|]".
    @Test func throttle_followsTheLibrarysDiagrams() {
        let scenario = Scenario(sources: [diagram("abcdefghijk|")])
        let latest = ThrottleModel.expected(scenario, interval: 30, latest: true)
        #expect(latest.elements == ["0", "3", "6", "9", "10"])
        #expect(latest.ticks == [200, 230, 260, 290, 320, 320])
        let oldest = ThrottleModel.expected(scenario, interval: 30, latest: false)
        #expect(oldest.elements == ["0", "1", "4", "7", "10"])
        // An error goes at once, dropping what was pending: "abcdef^hijk|" by 2 gives "a-c-e-^".
        let failed = ThrottleModel.expected(Scenario(sources: [diagram("abcdef^hijk|")]), interval: 20, latest: true)
        #expect(failed == Expected(elements: ["0", "2", "4"], end: .threw(1), ticks: [200, 220, 240, 260]))
    }

    /// TestDebounce: "abcd----e---f-g----|" debounced by 3 steps gives "------d----e-----g-|";
    /// "a^" gives "-^" (the error goes at once).
    @Test func debounce_followsTheLibrarysDiagrams() {
        let scenario = Scenario(sources: [diagram("abcd----e---f-g----|")])
        let alternatives = DebounceModel.alternatives(scenario, interval: 30)
        #expect(alternatives == [Expected(elements: ["3", "4", "6"], end: .finished, ticks: [260, 310, 370, 390])])
        let failed = DebounceModel.alternatives(Scenario(sources: [diagram("a^")]), interval: 30)
        #expect(failed == [Expected(elements: [], end: .threw(1), ticks: [210])])
        // An element that falls due as the next arrives may go out before it or not at all.
        let tie = DebounceModel.alternatives(Scenario(sources: [diagram("a--b")]), interval: 30)
        #expect(tie.map(\.elements) == [["0", "1"], ["1"]])
    }

    /// TestChunk: "ABCDE---ABCDE|" in chunks of 5 or every 8 steps gives "----'ABCDE'-------'ABCDE'|"
    /// (the timer's tick at step 8 meets the second A: both orders are predicted, this is one).
    @Test func chunksOfCountOrSignal_followsTheLibrarysDiagrams() {
        let scenario = Scenario(sources: [diagram("abcde---abcde|")])
        let alternatives = ChunksOfCountOrSignalModel.alternatives(scenario, count: 5, interval: 80)
        #expect(alternatives.contains(Expected(elements: ["[0,1,2,3,4]", "[0,1,2,3,4]"], end: .finished, ticks: [240, 320, 330])))
        // "AB^" gives "--^": the error drops the chunk.
        let failed = ChunksOfCountOrSignalModel.alternatives(Scenario(sources: [diagram("ab^")]), count: 5, interval: 80)
        #expect(failed == [Expected(elements: [], end: .threw(1), ticks: [220])])
        // "111-111|" summed by the timer every 4 steps: a chunk at the tick, the rest at the finish.
        let trailing = ChunksOfCountOrSignalModel.alternatives(Scenario(sources: [diagram("bbb-bbb|")]), count: 10, interval: 40)
        #expect(trailing.contains(Expected(elements: ["[1,1,1]", "[1,1,1]"], end: .finished, ticks: [240, 270, 270])))
    }

    @Test func timer_firesAtEveryIntervalFromTheStartUntilTheCancel() {
        #expect(TimerModel.expected(start: 200, interval: 30, until: 300) == Expected(elements: ["t230", "t260", "t290"], end: nil, ticks: [230, 260, 290]))
    }

    /// A finish of the last inner source after the outer finished ends the output; a new outer
    /// element drops the rest of the inner before it.
    @Test func flatMapLatest_switchesAtTheOutersElement() {
        let scenario = Scenario(sources: [hot([(210, .next(0)), (225, .next(1)), (230, .completed)])],
                                inners: [SourceTimeline(.cold, [.init(10, .next(5)), .init(20, .next(6))]),
                                         SourceTimeline(.cold, [.init(10, .next(7)), .init(20, .completed)])])
        let alternatives = FlatMapLatestModel.alternatives(scenario)
        #expect(alternatives == [Expected(elements: ["5", "7"], end: .finished, ticks: [220, 235, 245])])
    }

    @Test func joined_andChain_concatenate() {
        let joined = Scenario(sources: [hot([(210, .next(1)), (220, .next(0)), (230, .completed)])],
                              inners: [SourceTimeline(.cold, [.init(0, .next(5)), .init(0, .completed)]),
                                       SourceTimeline(.cold, [.init(0, .next(7)), .init(5, .completed)])])
        #expect(JoinedModel.expected(joined) == Expected(elements: ["7", "5"], end: .finished))
        let chain = Scenario(sources: [hot([(210, .next(1)), (220, .completed)]), SourceTimeline(.cold, [.init(5, .next(2)), .init(5, .error(1))])])
        #expect(ChainModel.expected(chain, pace: 0, starts: [200, 220]) == Expected(elements: ["1", "2"], end: .threw(1), ticks: [210, 225, 225]))
    }

    @Test func judge_holdsACancelledOutputToAPrefix_beforeTheCancel() {
        let expected = Expected(elements: ["1", "2", "3"], end: .finished, ticks: [210, 220, 230, 240])
        #expect(Judge.sequence(expected, observed([(210, "1"), (220, "2")], end: (225, .finished), cancelledAt: 225)) == nil)
        // From the cancel on, nothing is judged.
        #expect(Judge.sequence(expected, observed([(210, "1"), (220, "2"), (225, "9")], end: (225, .threw(4)), cancelledAt: 225)) == nil)
        #expect(Judge.sequence(expected, observed([(210, "1"), (220, "3")], cancelledAt: 225)) != nil)
        // An element due before the cancel that never came.
        #expect(Judge.sequence(expected, observed([(210, "1")], cancelledAt: 225)) != nil)
        // An output that ended on its own must be whole.
        #expect(Judge.sequence(expected, observed([(210, "1"), (220, "2")], end: (220, .finished))) != nil)
    }

    /// With the window left open, a cancelled output is held to everything, not to a prefix.
    @Test func drained_outputsAreHeldToEverything() {
        let sources = [hot([(210, .next(1))]), hot([(220, .next(2))])]
        var lost = observed([(210, "1")], end: (5000, .finished), cancelledAt: 5000)
        #expect(Interleavings.judge(MergeModel(sources: 2), sources: sources, lost) == nil)
        lost.drained = true
        #expect(Interleavings.judge(MergeModel(sources: 2), sources: sources, lost) != nil)
        var whole = observed([(210, "1"), (220, "2")], end: (5000, .finished), cancelledAt: 5000)
        whole.drained = true
        #expect(Interleavings.judge(MergeModel(sources: 2), sources: sources, whole) == nil)
        // zip cannot take s1's second element without s0's: that is all it can ever give.
        let uneven = [hot([(210, .next(1))]), hot([(215, .next(3)), (230, .next(4))])]
        var pair = observed([(215, "(1,3)")], end: (5000, .finished), cancelledAt: 5000)
        pair.drained = true
        #expect(Interleavings.judge(ZipModel(sources: 2), sources: uneven, pair) == nil)
        var short = observed([(210, "1")], end: (5000, .finished), cancelledAt: 5000)
        short.drained = true
        #expect(Judge.sequence(Expected(elements: ["1", "2"], end: nil), short) != nil)
    }

    @Test func zip_pairsInOrder_andEndsWithTheFirstSourceToRunOut() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .completed)]),
                                          hot([(215, .next(3)), (250, .next(4))])])
        let machine = ZipModel(sources: 2)
        #expect(Interleavings.judge(machine, sources: scenario.sources,
                                    observed([(215, "(1,3)"), (250, "(2,4)")], end: (250, .finished))) == nil)
        // A pair out of turn, a pair before its element arrived, or a lost finish is no order's output.
        #expect(Interleavings.judge(machine, sources: scenario.sources, observed([(215, "(2,3)")], end: (250, .finished))) != nil)
        #expect(Interleavings.judge(machine, sources: scenario.sources, observed([(212, "(1,3)"), (250, "(2,4)")], end: (250, .finished))) != nil)
        #expect(Interleavings.judge(machine, sources: scenario.sources, observed([(215, "(1,3)"), (250, "(2,4)")], end: (260, .threw(1)))) != nil)
    }

    @Test func merge_acceptsEveryOrderOfSameTickElements_butNoLoss() {
        let sources = [hot([(210, .next(1)), (230, .completed)]), hot([(210, .next(2)), (240, .completed)])]
        let machine = MergeModel(sources: 2)
        #expect(Interleavings.judge(machine, sources: sources, observed([(210, "1"), (210, "2")], end: (240, .finished))) == nil)
        #expect(Interleavings.judge(machine, sources: sources, observed([(210, "2"), (210, "1")], end: (240, .finished))) == nil)
        #expect(Interleavings.judge(machine, sources: sources, observed([(210, "2")], end: (240, .finished))) != nil)
        #expect(Interleavings.judge(machine, sources: sources, observed([(210, "1"), (210, "2")], end: (230, .finished))) != nil)
    }

    /// A source that finishes before giving an element finishes combineLatest at once.
    @Test func combineLatest_endsWhenASourceFinishesEmpty() {
        let sources = [hot([(210, .completed)]), hot([(205, .next(1)), (300, .next(2))])]
        let machine = CombineLatestModel(sources: 2)
        #expect(Interleavings.judge(machine, sources: sources, observed([], end: (210, .finished))) == nil)
        #expect(Interleavings.judge(machine, sources: sources, observed([], end: (300, .finished))) == nil)  // any time after
        let both = [hot([(210, .next(1)), (260, .completed)]), hot([(220, .next(2)), (230, .next(3)), (240, .completed)])]
        #expect(Interleavings.judge(machine, sources: both, observed([(220, "(1,2)"), (230, "(1,3)")], end: (260, .finished))) == nil)
        #expect(Interleavings.judge(machine, sources: both, observed([(220, "(1,2)"), (230, "(1,3)")], end: (240, .finished))) != nil)
    }

    /// The first consumer gets it all; a later one an unbroken run — to the end if it ends on its own.
    @Test func share_givesLaterConsumersAnUnbrokenRun() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (220, .next(2)), (230, .next(3)), (240, .completed)])])
        var main = observed([(210, "1"), (220, "2"), (230, "3")], end: (240, .finished))
        main.others = [observed([(220, "2"), (230, "3")], end: (240, .finished))]
        #expect(ShareModel.judge(scenario, main) == nil)
        main.others = [observed([(230, "3")], cancelledAt: 235)]
        #expect(ShareModel.judge(scenario, main) == nil)
        main.others = [observed([(220, "1"), (230, "3")], cancelledAt: 235)]
        #expect(ShareModel.judge(scenario, main) != nil)   // a gap
        main.others = [observed([(220, "2")], end: (240, .finished))]
        #expect(ShareModel.judge(scenario, main) != nil)   // ended without the rest
    }

    @Test func buffer_lossyPolicies_keepWhatThePolicyMustKeep() {
        let scenario = Scenario(sources: [hot([(210, .next(1)), (210, .next(2)), (210, .next(3)), (220, .completed)])])
        #expect(BufferModel.judge(scenario, limit: 1, keepsNewest: true, observed([(210, "1"), (220, "3")], end: (220, .finished))) == nil)
        #expect(BufferModel.judge(scenario, limit: 1, keepsNewest: true, observed([(210, "1"), (220, "2")], end: (220, .finished))) != nil)
        #expect(BufferModel.judge(scenario, limit: 2, keepsNewest: false, observed([(210, "1"), (210, "2")], end: (220, .finished))) == nil)
        #expect(BufferModel.judge(scenario, limit: 2, keepsNewest: false, observed([(210, "2"), (210, "3")], end: (220, .finished))) != nil)
        #expect(BufferModel.judge(scenario, limit: 0, keepsNewest: true, observed([(210, "1"), (210, "3")], end: (220, .finished))) != nil)
    }
}
