import RxTestKit

/// What kind of scenarios to draw. Defaults follow RxTest: create at 100, subscribe at 200,
/// dispose at 1000, events on a grid of 10 ticks.
///
/// Every decision is a recorded choice whose simplest value (0) is the simplest timeline: no
/// more events, same tick as the previous event, value 0, no terminal, completion rather than
/// error, hot rather than cold, no early dispose, default same-tick order. Shrinking the
/// choices therefore drops events and terminals, pulls events earlier, merges ticks, turns
/// errors into completions and lowers values.
public struct ScenarioShape: Sendable {
    /// Which flavours sources may have.
    public enum Flavors: Sendable {
        case hot, cold, mixed
        /// Hot, cold, synchronous (emitting inside subscribe, like `just`, `of`, `from`) or
        /// behavior (a hot source that hands its latest event over inside subscribe).
        case mixedWithSynchronous
    }

    /// How many sources (an operator's arity; a range for collection forms).
    public var sources: ClosedRange<Int> = 2...2
    /// Flavour of the sources.
    public var flavors: Flavors = .hot
    /// Most events per source at full size.
    public var maxEvents = 20
    /// Ticks per grid step: every tick is `subscribed + k * tickStep` (hot) or `k * tickStep` (cold).
    public var tickStep = 10
    /// Largest gap between neighbouring events, in grid steps.
    public var maxGap = 8
    /// Percent of gaps that are zero: several events at one tick.
    public var sameTickPercent = 25
    /// Percent of events drawn with a raised tie priority (reordering same-tick ties).
    public var tiePercent = 30
    /// Values are drawn from `0..<values` (small, so duplicates happen).
    public var values = 5
    /// Whether sources may complete.
    public var completions = true
    /// Whether sources may fail; error identities are `1...errorIdentities`.
    public var errors = true
    /// Number of distinct error identities.
    public var errorIdentities = 2
    /// Percent of scenarios disposed early (before `disposed`, possibly before any activity).
    public var earlyDisposePercent = 20
    /// The harness ticks.
    public var created = 100, subscribed = 200, disposed = 1000
    /// Inner sources for higher-order operators; outer values index them.
    public var inners: ClosedRange<Int> = 0...0
    /// Flavour of inner sources.
    public var innerFlavors: Flavors = .cold
    /// Most events per inner source at full size.
    public var innerMaxEvents = 5
    /// Operator parameters, one drawn from each range (shrinks toward the lower bound).
    public var parameters: [ClosedRange<Int>] = []
    /// How many further subscribers share the output, each with its own window.
    public var extraSubscribers: ClosedRange<Int> = 0...0
    /// Percent of cases whose observer disposes its own subscription from inside `onNext`
    /// after a drawn number (1 to 4) of events.
    public var disposeInsidePercent = 0
    /// Percent of cases whose observer, on its first to third event, sends a value back into
    /// source 0 — or, for shapes with inner sources, into one of them (re-entrant delivery).
    public var feedbackPercent = 0
    /// Whether a drawn feedback may go into an inner source instead of source 0 (on by default;
    /// only for shapes with inner sources).
    public var feedsInners = true
    /// Whether a drawn feedback may go into any source of a multi-source operator, not only the
    /// first (on by default).
    public var feedsOtherSources = true
    /// With `.mixedWithSynchronous`, also draws behavior sources (hot sources that hand their
    /// latest event over inside subscribe).
    public var behaviorSources = true
    /// Percent of cases drawn large on purpose: source 0 becomes a synchronous source of one
    /// element, then `largeEvents` elements of one other drawn value, then maybe a completion —
    /// for a higher-order operator, one inner followed by thousands of another, which is nearly
    /// always made synchronous and completing (like `just`): one that may wait, then thousands
    /// that complete at once; for any other operator, a long run.
    public var largePercent = 0
    /// Percent of cases drawn with many sources on purpose (collection forms such as
    /// `combineLatest([…])` and `zip([…])`), their count from `manySources`: the usual sources as
    /// drawn, then as many more, alternately `just`-like (one element and completion inside
    /// subscribe) and hot with one element on a staggered tick. Shrinking may drop back to the
    /// usual arity at once.
    public var manySourcesPercent = 0
    /// How many sources such a case has when drawn.
    public var manySources: ClosedRange<Int> = 200...2_000
    /// How many elements the source of a large case has when drawn; shrinking may go below, down
    /// to one, so a failure that needs no size sheds it.
    public var largeEvents: ClosedRange<Int> = 10_000...20_000

    public init() {}

    /// `count` hot sources, the rest default.
    public static func hot(_ count: Int) -> ScenarioShape {
        var shape = ScenarioShape()
        shape.sources = count...count
        return shape
    }

    /// A generator of scenarios of this shape, shrinking with `shrinkPasses` — and, where it
    /// draws large cases, by folding source 0's elements into one (`foldingIntoLarge`); where it
    /// draws extra subscribers, by timing a cold source as one of them saw it (`coldTimed`).
    public var generator: Gen<Scenario> {
        let shape = self
        let passes = largePercent == 0 ? Self.shrinkPasses
            : Self.shrinkPasses + [("fold a source's elements into a large case", .rewrite(foldingIntoLarge)),
                                   ("drop a large case's first element with its inner", .rewrite(droppingLargeFirst)),
                                   ("drop an inner source, renumbering what names inners", .whenStuck(.rewrite(droppingInner))),
                                   ("draw a large case's two inners as one behavior inner", .rewrite(largeOverBehaviorInner))]
        let timed: [ShrinkPass.Named] = extraSubscribers.upperBound == 0 ? [] : [("time a cold source as a subscriber saw it", .whenStuck(.rewrite(coldTimed)))]
        return Gen(shrinkPasses: passes + timed) { source in try shape.draw(source) }
    }

    /// Source 0's elements drawn as a large case instead: the same elements (one, then a run
    /// of one other value), synchronous, in fewer choices — its drawn events and a behavior
    /// source's initial element go, its terminal goes if it is a completion (the large case's
    /// own completes), and the large span's flag is raised. A failure shrunk to a few
    /// synchronous elements may have ended drawn either way, two local minima no single edit
    /// connects: this edit does, towards the shorter. The inner source the run's value names
    /// goes the same way into the large case's "just" inner when it is drawn as one element of
    /// that value (and nothing or a completion) — with source 0, or later, once the large case
    /// is drawn.
    var foldingIntoLarge: ChoiceRewrite {
        let (values, completions, innerFlavors) = (values, completions, innerFlavors)
        return ChoiceRewrite("fold a source's elements into a large case") { choices, spans in
            let inners = spans.filter { $0.label == "inner" }
            // The elements name inners when there are any (as the large case's do).
            let bound = UInt64(inners.isEmpty ? values : inners.count)
            guard let large = spans.first(where: { $0.label == "large" }), large.range.upperBound <= choices.count else { return [] }
            if large.range.count > 1 {
                // Drawn already: the inner its run names may still be folded into its "just" inner.
                // So may the first element's, into its waiting inner.
                let start = large.range.lowerBound
                let justChoice = start + (bound >= 2 ? 5 : 4)
                guard !inners.isEmpty, justChoice + 1 < large.range.upperBound else { return [] }
                let first = choices[start + 2]
                let runValue = bound >= 2 ? (first + 1 + choices[start + 3]) % bound : first
                var candidates: [[UInt64]] = []
                if choices[justChoice] == 0,
                   let just = Self.justInner(inners[Int(runValue) % inners.count], value: runValue,
                                             choices: choices, spans: spans) {
                    var candidate = choices
                    candidate[justChoice] = just.code
                    for (range, replacement) in just.edits { candidate.replaceSubrange(range, with: replacement) }
                    candidates.append(candidate)
                }
                let waitsChoice = justChoice + 1
                if choices[waitsChoice] == 0, runValue != first, completions,
                   let terminal = Self.waitingInnersTerminal(inners[Int(first) % inners.count], flavors: innerFlavors,
                                                             choices: choices, spans: spans) {
                    var candidate = choices
                    candidate[waitsChoice] = 1
                    candidate.replaceSubrange(terminal, with: [0])
                    candidates.append(candidate)
                }
                return candidates
            }
            guard choices[large.range.lowerBound] == 0,
                  let source = spans.outerSources.first else { return [] }
            // A behavior source's initial element comes first; it is drawn as an event too.
            let initial = spans.first { $0.label == "initial" && source.encloses($0) && $0.range.count > 1 }
            let events = spans.filter { span in
                span.label == "event" && span.range.count > 1 && source.encloses(span)
            }.sorted { $0.range.lowerBound < $1.range.lowerBound }
            let valueSpans = spans.filter { $0.label == "value" && $0.range.count == 1 }
            let drawnValues = events.compactMap { event in valueSpans.first { event.encloses($0) }.map { choices[$0.range.lowerBound] } }
            guard !events.isEmpty, drawnValues.count == events.count,
                  drawnValues.dropFirst().allSatisfy({ $0 == drawnValues[1] }) else { return [] }
            // The terminal: none, or a completion the large case draws itself.
            var completes: UInt64 = 0
            let terminal = spans.first { $0.label == "terminal" && source.encloses($0) }
            if let terminal, choices[terminal.range.lowerBound] != 0 {
                guard completions, choices[terminal.range.lowerBound] == 1 else { return [] }
                completes = 1
            }
            let first = drawnValues[0]
            var folded: [UInt64] = [1, UInt64(events.count - 1), first]
            if bound >= 2 {
                // The run's value is drawn as an offset past the first, so it differs from it.
                if events.count > 1 {
                    guard drawnValues[1] != first else { return [] }
                    folded.append((drawnValues[1] + bound - first - 1) % bound)
                } else {
                    folded.append(0)
                }
            }
            // The inner the run's value names, drawn as one element of that value (and maybe a
            // completion), is what the large case's "just" inner stands for: folded along too,
            // in a second candidate, the shorter first.
            let runValue = events.count > 1 ? drawnValues[1] : (bound >= 2 ? (first + 1) % bound : first)
            let just = inners.isEmpty ? nil : Self.justInner(inners[Int(runValue) % inners.count], value: runValue,
                                                               choices: choices, spans: spans)
            func candidate(justInner: (code: UInt64, edits: [(Range<Int>, [UInt64])])?) -> [UInt64] {
                var candidate = choices
                candidate.replaceSubrange(large.range, with: folded + [completes, justInner?.code ?? 0, 0])
                for (range, replacement) in justInner?.edits ?? [] { candidate.replaceSubrange(range, with: replacement) }
                if completes == 1, let terminal { candidate.replaceSubrange(terminal.range, with: [0]) }
                for event in events.reversed() where initial.map({ !$0.encloses(event) }) ?? true {
                    candidate.removeSubrange(event.range)
                }
                if let initial { candidate.replaceSubrange(initial.range, with: [0]) }
                return candidate
            }
            // Without it, the inners stay as drawn.
            return (just.map { [candidate(justInner: $0)] } ?? []) + [candidate(justInner: nil)]
        }
    }

    /// A large case of two elements over two inner sources, drawn as one element on one inner: its
    /// first element goes with the inner only it names, and every choice that names an inner is
    /// renumbered (the other sources' elements, the feedback's target). Dropping that inner alone
    /// leaves the first element naming nothing, and dropping the element alone cannot keep the
    /// run's inner: no single edit reaches the one-inner form.
    var droppingLargeFirst: ChoiceRewrite {
        let feedsInners = feedsInners
        return ChoiceRewrite("drop a large case's first element with its inner") { choices, spans in
            let inners = spans.inOrder("inner")
            // Drawn with two inners, a large case is [yes, count, first, offset, completes, just, waits].
            guard inners.count == 2, let large = spans.first(where: { $0.label == "large" }), large.range.count == 7,
                  large.range.upperBound <= choices.count,
                  let counter = spans.first(where: { $0.label == "inner count" }), counter.range.count == 1 else { return [] }
            let start = large.range.lowerBound
            guard choices[start] == 1, choices[start + 1] == 1, choices[start + 6] == 0, choices[counter.range.lowerBound] >= 1 else { return [] }
            let dropped = UInt64(choices[start + 2] % 2)   // the run names the other inner
            var candidate = choices
            // The feedback's target: 0 is source 0, t the inner t - 1.
            if feedsInners, let feedback = spans.first(where: { $0.label == "feedback" }), feedback.range.count >= 4,
               choices[feedback.range.lowerBound] == 1 {
                let target = feedback.range.lowerBound + 3
                if choices[target] == dropped + 1 { return [] }
                if choices[target] > dropped + 1 { candidate[target] -= 1 }
            }
            // One element, on inner 0 (with one inner the large case draws no offset), the run's
            // "just" inner kept.
            candidate.replaceSubrange(large.range, with: [1, 0, 0, choices[start + 4], choices[start + 5], 0])
            candidate.removeSubrange(inners[Int(dropped)].range)
            candidate[counter.range.lowerBound] -= 1
            // The sources' elements name inners: none may name the dropped one (source 0's, which
            // the large case replaces, are dead and go to 0).
            for (index, source) in spans.outerSources.enumerated() {
                for value in spans where value.label == "value" && value.range.count == 1 && source.encloses(value) {
                    let position = value.range.lowerBound
                    if index == 0 { candidate[position] = 0; continue }
                    if choices[position] == dropped { return [] }
                    if choices[position] > dropped { candidate[position] -= 1 }
                }
            }
            return [candidate]
        }
    }

    /// A large case over two inners — its first element's inner waiting (a hot completion one
    /// step after the subscription) and its run's completing synchronously (the "just" inner
    /// with its completion, or one drawn synchronous with a completion) — drawn over one
    /// behavior inner instead, completing at that same step: the first subscription waits for
    /// it, and every later one gets the completion at once, inside its subscribe call. What the
    /// two inners do together, without the run's elements; every element names the one inner.
    /// No edit of a few choices reaches it from the two-inner form.
    var largeOverBehaviorInner: ChoiceRewrite {
        let (completions, errors, innerFlavors, mostLarge) = (completions, errors, innerFlavors, UInt64(largeEvents.upperBound))
        let behaviorInners = innerFlavors == .mixedWithSynchronous && behaviorSources
        return ChoiceRewrite("draw a large case's two inners as one behavior inner") { choices, spans in
            guard completions, behaviorInners else { return [] }
            let inners = spans.inOrder("inner")
            // Over two inners: [yes, count, first, offset, completes, just, waits]; the run names
            // the inner the first does not.
            guard inners.count == 2, let large = spans.first(where: { $0.label == "large" }), large.range.count == 7,
                  let counter = spans.first(where: { $0.label == "inner count" }), counter.range.count == 1 else { return [] }
            let start = large.range.lowerBound
            guard choices[start] == 1, choices[counter.range.lowerBound] >= 1 else { return [] }
            let first = Int(choices[start + 2] % 2)
            let run = 1 - first
            // Drawn synchronous (2), its terminal a completion (1).
            let completesAtOnce = choices[inners[run].range.lowerBound] == 2
                && spans.contains { $0.label == "terminal" && inners[run].encloses($0) && choices[$0.range.lowerBound] == 1 }
            guard choices[start + 5] == 2 || choices[start + 5] == 0 && completesAtOnce,
                  choices[start + 6] == 1 || Self.waitingInnersTerminal(inners[first], flavors: innerFlavors,
                                                                        choices: choices, spans: spans) != nil else { return [] }
            // A behavior inner (3) with no initial element (0), no event (0), and a completion
            // (1) one step after the subscription (gap 0), its error identity 0, default tie.
            let behavior: [UInt64] = [3, 0, 0, 1, 0] + (errors ? [0] : []) + [0]
            var candidates: [[UInt64]] = []
            // The same count first; then a few more elements. Each element's delivery takes
            // another path over the one inner than over the two, so a failure that depends on
            // how deep the run goes (a recursion past the stack budget) may need a few more —
            // the case is smaller all the same (fewer choices), and lowering the count after
            // finds how many.
            let count = choices[start + 1]
            var counts = [count]
            for raised in [count + max(1, count / 16), count + max(2, count / 8)] where raised <= mostLarge && raised > counts.last! {
                counts.append(raised)
            }
            for raised in counts {
                for completes: UInt64 in [choices[start + 4], 1 - choices[start + 4]] {
                    var candidate = choices
                    // Over one inner: [yes, count, first, completes, just, waits], everything naming it.
                    candidate.replaceSubrange(large.range, with: [1, raised, 0, completes, 0, 0])
                    candidate.replaceSubrange(inners[1].range, with: [])
                    candidate.replaceSubrange(inners[0].range, with: behavior)
                    candidate[counter.range.lowerBound] -= 1
                    candidates.append(candidate)
                }
            }
            return candidates
        }
    }

    /// An inner source dropped with every choice that names an inner renumbered: the sources'
    /// elements, the feedback's target and the large case's first element and run (whose offset
    /// choice goes when one inner is left). Dropping the span alone shifts what the rest name, and
    /// a large case drawn over two inners reads its choices differently over one. No candidate
    /// for an inner something still names (a large case's run counts only if it is used).
    var droppingInner: ChoiceRewrite {
        let feedsInners = feedsInners
        return ChoiceRewrite("drop an inner source, renumbering what names inners") { choices, spans in
            let inners = spans.inOrder("inner")
            guard inners.count >= 2, let counter = spans.first(where: { $0.label == "inner count" }), counter.range.count == 1,
                  choices[counter.range.lowerBound] >= 1 else { return [] }
            let count = UInt64(inners.count)
            let sources = spans.outerSources
            let values = spans.filter { value in
                value.label == "value" && value.range.count == 1 && sources.contains { $0.encloses(value) }
            }.map(\.range.lowerBound)
            let feedback = spans.first { $0.label == "feedback" && $0.range.count >= 4 }
                .flatMap { feedsInners && choices[$0.range.lowerBound] == 1 ? $0.range.lowerBound + 3 : nil }
            // Drawn over two inners or more: [yes, count, first, offset, completes, just, waits].
            let large = spans.first { $0.label == "large" && $0.range.count == 7 && choices[$0.range.lowerBound] == 1 }
            var candidates: [[UInt64]] = []
            for dropped in 0..<count {
                let renumbered = { (inner: UInt64) -> UInt64? in inner == dropped ? nil : inner > dropped ? inner - 1 : inner }
                var candidate = choices
                guard values.allSatisfy({ renumbered(choices[$0]) != nil }) else { continue }
                for position in values { candidate[position] = renumbered(choices[position])! }
                if let feedback, choices[feedback] > 0 {
                    guard let target = renumbered(choices[feedback] - 1) else { continue }
                    candidate[feedback] = target + 1
                }
                if let large {
                    let start = large.range.lowerBound
                    let first = choices[start + 2]
                    let run = (first + 1 + choices[start + 3]) % count
                    // The run names an inner only with elements, or with its "just" inner drawn.
                    let runUsed = choices[start + 1] > 0 || choices[start + 5] > 0
                    guard let newFirst = renumbered(first) else { continue }
                    candidate[start + 2] = newFirst
                    if count == 2 {
                        guard !runUsed else { continue }
                        candidate.remove(at: start + 3)
                    } else {
                        guard let newRun = renumbered(run) ?? (runUsed ? nil : (newFirst + 1) % (count - 1)) else { continue }
                        candidate[start + 3] = (newRun + 2 * (count - 1) - newFirst - 1) % (count - 1)
                    }
                }
                // The large case and the feedback come after the inners: their edits are made.
                candidate.removeSubrange(inners[Int(dropped)].range)
                candidate[counter.range.lowerBound] -= 1
                candidates.append(candidate)
            }
            return candidates
        }
    }

    /// For an inner source drawn as the large case's waiting inner is — hot, no element, a
    /// completion one step after the subscription, default tie order — its terminal span, which
    /// a single 0 replaces once the large case draws the inner so itself. nil otherwise.
    private static func waitingInnersTerminal(_ inner: ChoiceSpan, flavors: Flavors, choices: [UInt64], spans: [ChoiceSpan]) -> Range<Int>? {
        switch flavors {
        case .hot: break
        case .cold: return nil
        case .mixed, .mixedWithSynchronous:
            guard choices[inner.range.lowerBound] == 0 else { return nil }   // 0 draws a hot source
        }
        guard !spans.contains(where: { ($0.label == "event" || $0.label == "initial") && $0.range.count > 1 && inner.encloses($0) }),
              let terminal = spans.first(where: { $0.label == "terminal" && inner.encloses($0) }),
              terminal.range.count > 1, choices[terminal.range.lowerBound] == 1,
              choices[terminal.range.dropFirst()].allSatisfy({ $0 == 0 }) else { return nil }
        return terminal.range
    }

    /// For an inner source drawn as exactly one element `value`, then nothing or a completion:
    /// the large case's "just" code that stands for it (1, or 2 with the completion) and the
    /// edits that drop its own drawing, last first: its event's span goes, a completion's
    /// terminal span becomes a single 0 (no terminal). nil otherwise.
    private static func justInner(_ inner: ChoiceSpan, value: UInt64, choices: [UInt64], spans: [ChoiceSpan]) -> (code: UInt64, edits: [(Range<Int>, [UInt64])])? {
        guard !spans.contains(where: { $0.label == "initial" && $0.range.count > 1 && inner.encloses($0) }) else { return nil }
        let events = spans.filter { $0.label == "event" && $0.range.count > 1 && inner.encloses($0) }
        guard events.count == 1, let valueSpan = spans.first(where: { $0.label == "value" && events[0].encloses($0) }),
              choices[valueSpan.range.lowerBound] == value else { return nil }
        var edits: [(Range<Int>, [UInt64])] = [(events[0].range, [])]
        var code: UInt64 = 1
        if let terminal = spans.first(where: { $0.label == "terminal" && inner.encloses($0) }),
           choices[terminal.range.lowerBound] != 0 {
            // Only a completion: the kind's code is 1 when completions are drawn at all, and its
            // error identity (drawn alongside) is 0.
            guard choices[terminal.range.lowerBound] == 1, terminal.range.count > 1 else { return nil }
            edits.insert((terminal.range, [0]), at: 0)
            code = 2
        }
        return (code, edits)
    }

    /// A behavior source drawn as a synchronous or a hot one instead, without its initial
    /// element's choices: lowering its flavour alone would read those as its events, so the
    /// simpler source is never reached from a behavior one that does not need to be one.
    static let behaviorLowered = ChoiceRewrite("lower a behavior source, dropping its initial element") { choices, spans in
        var candidates: [[UInt64]] = []
        for source in spans where source.label == "source" {
            let start = source.range.lowerBound
            guard start < choices.count, choices[start] == 3,
                  let initial = spans.first(where: { $0.label == "initial" && $0.range.lowerBound == start + 1 }),
                  initial.range.upperBound <= source.range.upperBound else { continue }
            for flavour: UInt64 in [2, 0] {
                var candidate = choices
                candidate.removeSubrange(initial.range)
                candidate[start] = flavour
                candidates.append(candidate)
            }
        }
        return candidates
    }

    /// A cold source drawn hot instead, its events where one subscription saw them: a cold
    /// source's ticks count from each subscribe, a hot one's from one step after the main
    /// subscription, so lowering the flavour alone moves every event a step later for the main
    /// subscription and earlier for a late one. For the main subscription and each extra
    /// subscriber, the first gap moves so the events fall at the tick that subscription saw them,
    /// or a step after it (a hot event at a subscriber's tick fires before it subscribes).
    var coldTimed: ChoiceRewrite {
        let (flavors, maxGap) = (flavors, UInt64(maxGap))
        return ChoiceRewrite("time a cold source as a subscriber saw it") { choices, spans in
            // Only drawn flavours have a flavour choice, and only these make 1 a cold source.
            guard flavors == .mixed || flavors == .mixedWithSynchronous else { return [] }
            // Extra subscribers start `start` steps after the main subscription.
            let starts = [0] + spans.filter { $0.label == "subscriber" && $0.range.count == 2 }.map { choices[$0.range.lowerBound] }
            var candidates: [[UInt64]] = []
            for source in spans.outerSources {
                let start = source.range.lowerBound
                guard start < choices.count, choices[start] == 1,
                      let gap = spans.filter({ $0.label == "gap" && $0.range.count == 1 && source.encloses($0) })
                          .min(by: { $0.range.lowerBound < $1.range.lowerBound }) else { continue }
                let drawn = choices[gap.range.lowerBound]
                var gaps: [UInt64] = []
                for step in starts {
                    for moved in [drawn + step, drawn + step + 1] where moved >= 1 && moved - 1 <= maxGap && !gaps.contains(moved - 1) {
                        gaps.append(moved - 1)
                    }
                }
                for moved in gaps where moved != drawn {
                    var candidate = choices
                    candidate[start] = 0
                    candidate[gap.range.lowerBound] = moved
                    candidates.append(candidate)
                }
            }
            return candidates
        }
    }

    /// An event drawn past the end of the window, which ends its source's events without being
    /// one, replaced by the flag that ends them (a single 0): the same scenario in fewer choices.
    /// Dropping it as an event would bring the next choices into the loop, read as events, and
    /// dropping an earlier event would pull it into the window: a source ended so stays as long.
    static let deadEventEnded = ChoiceRewrite("end a source's events at an event past the window") { choices, spans in
        var candidates: [[UInt64]] = []
        // The last event ended by its tick, not by a 0 flag: its span runs up to the terminal's.
        for terminal in spans where terminal.label == "terminal" {
            guard let dead = spans.first(where: {
                $0.label == "event" && $0.range.count > 1 && $0.range.upperBound == terminal.range.lowerBound
            }) else { continue }
            var candidate = choices
            candidate.replaceSubrange(dead.range, with: [0])
            candidates.append(candidate)
        }
        return candidates
    }

    /// A synchronous source drawn hot instead, its events one step after the subscription, and
    /// what the harness does at the subscribe tick after subscribing — an early dispose, an extra
    /// subscriber's start — a step later too: the order of the two stays as it was. Lowering the
    /// flavour alone puts the events after those steps, so a failure that needs the source to
    /// have delivered first never reaches the hot form, which is shortlex smaller.
    static let synchronousTimed = ChoiceRewrite("time a synchronous source, the harness after it") { choices, spans in
        var candidates: [[UInt64]] = []
        for source in spans where source.label == "source" {
            let start = source.range.lowerBound
            guard start < choices.count, choices[start] == 2 else { continue }
            var candidate = choices
            candidate[start] = 0
            for gap in spans where gap.label == "gap" && source.encloses(gap) {
                for index in gap.range { candidate[index] = 0 }
            }
            // An early dispose is its flag then its step; a subscriber, its start then its length.
            for span in spans where span.label == "dispose" && span.range.count == 2 && candidate[span.range.lowerBound + 1] == 0 {
                candidate[span.range.lowerBound + 1] = 1
            }
            for span in spans where span.label == "subscriber" && candidate[span.range.lowerBound] == 0 {
                candidate[span.range.lowerBound] = 1
            }
            candidates.append(candidate)
        }
        return candidates
    }

    /// An extra subscriber that starts with the main subscription dropped, the main subscription
    /// ending where it ended instead: for a main subscription disposed early that a failure needs
    /// only as the first subscriber, and one that outlives its own window where the extra
    /// subscriber is the one the failure needs. Dropping either alone loses the failure.
    static let mainTakesSubscriberWindow = ChoiceRewrite("hand the main subscription a subscriber's window") { choices, spans in
        guard let dispose = spans.first(where: { $0.label == "dispose" }),
              let count = spans.first(where: { $0.label == "subscriber count" }), count.range.count == 1,
              choices[count.range.lowerBound] > 0 else { return [] }
        var candidates: [[UInt64]] = []
        for subscriber in spans where subscriber.label == "subscriber" && subscriber.range.count == 2 {
            let (start, length) = (choices[subscriber.range.lowerBound], choices[subscriber.range.lowerBound + 1])
            guard start == 0 else { continue }
            var candidate = choices
            candidate.removeSubrange(subscriber.range)
            candidate[count.range.lowerBound] -= 1
            // Its window ends `1 + length` steps after the subscription: the dispose's step. The
            // draw clamps a step past the window to its last; dropping the extra subscriber
            // then still shortens the sequence.
            candidate.replaceSubrange(dispose.range, with: [1, 1 + length])
            candidates.append(candidate)
        }
        return candidates
    }

    /// The passes that shrink a scenario as a timeline, around the generic ones: they act on
    /// the spans `draw` labels — `large`, `source` with its `arity`, `inner` with its
    /// `inner count`, `subscriber` with its `subscriber count`, `event`, `gap`, `terminal`,
    /// `initial`, `tie`, `dispose` — to draw a large case small, drop an inner source, a source,
    /// a subscriber or an event (keeping later events at their ticks), drop a terminal event or
    /// a behavior source's initial element,
    /// restore the default order of same-tick events, keep the full subscription window (a
    /// `dispose` choice of zero is no early dispose), pull an event earlier and swap
    /// neighbouring sources.
    ///
    /// Alternatives a failure may not need are drawn in as many choices as the simpler one
    /// they lower to — a behavior source's initial element as an event, a completion with an
    /// error's identity — so one edit of a choice reaches the simpler form.
    public static let shrinkPasses: [ShrinkPass.Named] = [
        // First, so a failure a large case happened to show is tried small before anything
        // else spends calls on its thousands of events.
        ("draw it small", .drawSmall("large")),
        ("drop an inner source", .drop("inner", adjusting: "inner count")),
        ("drop a source", .drop("source", adjusting: "arity")),
        ("drop a subscriber", .drop("subscriber", adjusting: "subscriber count")),
        ("drop an event", .dropKeepingPlaces("event", gap: "gap")),
        ("end a source's events at an event past the window", .rewrite(deadEventEnded)),
        ("drop the terminal event", .zero("terminal")),
        ("drop a behavior source's initial element", .zero("initial")),
        ("restore default tie order", .zero("tie")),
        ("keep the full subscription window", .zero("dispose")),
    ] + ShrinkPass.blind.filter { $0.pass != .sortNeighbours }.map { named in
        // Sources and events go by the passes above, so the blind block passes rarely find
        // more: they wait until those are stuck, and deletion stops at pairs. (Counts and
        // indices go by the scenario's own passes, not those for plain values.)
        switch named.pass {
        case .deleteBlocks: (named.name, .whenStuck(.deleteBlocks(upTo: 2)))
        case .zeroBlocks: (named.name, .whenStuck(.zeroBlocks))
        default: named
        }
    } + [
        ("pull an event earlier", .pullEarlier(gap: "gap", tie: "tie", owner: "source")),
        ("sort neighbouring choices", .sortNeighbours),
        ("swap neighbouring sources", .swap("source")),
        // Two edits at once, for cases one edit at a time leaves stuck: an event given up while
        // its own source's flavour or terminal kind goes up a step (two synchronous elements
        // become a behavior source's initial element; an element and nothing after it, an
        // element and a completion), a tie lowered while a source's flavour goes up.
        ("trade an event for a source or terminal step", .whenStuck(.trade(give: "event", take: ["source", "terminal"], gap: "gap", within: "source"))),
        ("trade a tie for a source step", .whenStuck(.trade(give: "tie", take: ["source"], gap: "gap", within: nil))),
        ("lower a behavior source, dropping its initial element", .whenStuck(.rewrite(behaviorLowered))),
        ("time a synchronous source, the harness after it", .whenStuck(.rewrite(synchronousTimed))),
        ("hand the main subscription a subscriber's window", .whenStuck(.rewrite(mainTakesSubscriberWindow))),
        // The observer's feedback and dispose count the elements it received, and a parameter
        // often counts elements too (take, skip, elementAt): one event fewer, one count lower.
        ("drop an event with what counts it", .whenStuck(.dropCounted(give: "event", counts: [
            ChoiceRef("feedback", offset: 1), ChoiceRef("dispose inside", offset: 1), ChoiceRef("parameter"),
        ]))),
    ]

    private var windowSteps: Int { (disposed - subscribed) / tickStep }

    func draw(_ source: ChoiceSource) throws -> Scenario {
        let sourceCount: Int = try source.span("arity") {
            sources.lowerBound + Int(try source.draw(below: UInt64(sources.count)))
        }
        let manyCount: Int = manySourcesPercent == 0 ? 0 : try source.span("many sources") {
            let many = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(manySourcesPercent) ? 1 : 0 }
            guard many == 1 else { return 0 }
            return manySources.lowerBound + Int(try source.draw(below: UInt64(manySources.count)))
        }
        let innerCount: Int = inners.upperBound == 0 ? 0 : try source.span("inner count") {
            inners.lowerBound + Int(try source.draw(below: UInt64(inners.count)))
        }
        // The thread's buffers and the last case's lists, emptied (see `DrawSpares`).
        let spares = DrawSpares.take()
        defer { DrawSpares.put(spares) }
        spares.begin()
        var timelines: [SourceTimeline] = []
        swap(&timelines, &spares.timelines)
        timelines.reserveCapacity(sourceCount + manyCount)
        spares.priorities.reserveCapacity(32 + 2 * manyCount)
        for _ in 0..<sourceCount {
            let valueBound = innerCount > 0 ? innerCount : values
            let timeline = try source.span("source") {
                try drawTimeline(source, flavors: flavors, maxEvents: maxEvents, valueBound: valueBound, spares: spares)
            }
            timelines.append(timeline)
        }
        for extra in 0..<manyCount {
            // Cheap to draw: no choices beyond the count.
            let value = extra % values
            if extra % 2 == 0 {
                timelines.append(SourceTimeline(.synchronous, [TimelineEvent(0, .next(value)), TimelineEvent(0, .completed)]))
                spares.priorities.append(0)
                spares.priorities.append(0)
            } else {
                timelines.append(SourceTimeline(.hot, [TimelineEvent(subscribed + tickStep * (1 + extra % windowSteps), .next(value))]))
                spares.priorities.append(0)
            }
        }
        var innerTimelines: [SourceTimeline] = []
        // Not for none: reserving room for nothing still allocates an empty buffer.
        if innerCount > 0 {
            swap(&innerTimelines, &spares.innerTimelines)
            innerTimelines.reserveCapacity(innerCount)
        }
        for _ in 0..<innerCount {
            // Also an "inner" span: dropping an inner source lowers the inner count, not the arity.
            let timeline = try source.span("inner") {
                try source.span("source") {
                    try drawTimeline(source, flavors: innerFlavors, maxEvents: innerMaxEvents, valueBound: values, spares: spares)
                }
            }
            innerTimelines.append(timeline)
        }
        if largePercent > 0 {
            let valueBound = innerCount > 0 ? innerCount : values
            let large: (SourceTimeline, (Int, Bool)?, Bool)? = try source.span("large") {
                let yes = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(largePercent) ? 1 : 0 }
                guard yes == 1 else { return nil }
                // Drawn from `largeEvents`; shrinking may lower it to none at all, so a bug the
                // large case merely happened to show can leave the large structure behind.
                let count = Int(try source.draw(below: UInt64(largeEvents.upperBound + 1)) { rng in
                    UInt64(largeEvents.lowerBound) + rng.next(below: UInt64(largeEvents.count))
                })
                let first = Int(try source.draw(below: UInt64(valueBound)))
                // The thousands name another inner than the first element does, when there is one.
                let value = valueBound < 2 ? first : (first + 1 + Int(try source.draw(below: UInt64(valueBound - 1)))) % valueBound
                let completes = try source.draw(below: 2) == 1
                // Drawn nearly always, kept by shrinking only when needed: the thousands stand for
                // an inner that completes at once, like `just` (2). Shrinking may lower it to an
                // inner that delivers its element at once but does not complete (1), or to the
                // inner drawn as usual (0).
                let justInner = Int(try source.draw(below: 3) { rng in rng.next(below: 10) == 0 ? 0 : 2 })
                // Also nearly always, the first element's inner waits — hot, completing one step
                // after the subscription — so the thousands queue up behind it and then run
                // through in one go; shrinking may leave it as drawn (0).
                let firstWaits = try source.draw(below: 2) { rng in rng.next(below: 10) == 0 ? 0 : 1 } == 1
                // Built in place: joining arrays would copy the thousands twice.
                var events: [TimelineEvent] = []
                events.reserveCapacity(count + 2)
                events.append(TimelineEvent(0, .next(first)))
                events.append(contentsOf: repeatElement(TimelineEvent(0, .next(value)), count: count))
                if completes { events.append(TimelineEvent(0, .completed)) }
                return (SourceTimeline(.synchronous, events), justInner > 0 ? (value, justInner == 2) : nil,
                        firstWaits && value != first)
            }
            if let (large, just, firstWaits) = large, !timelines.isEmpty {
                // The timelines replaced here get all-zero priorities; the others keep theirs,
                // copied from where each timeline's priorities start and end before.
                var bounds = [0]
                for timeline in timelines + innerTimelines { bounds.append(bounds[bounds.count - 1] + timeline.events.count) }
                let old = spares.priorities.array()
                var replaced = [0]
                timelines[0] = large
                if let (justValue, completes) = just, !innerTimelines.isEmpty {
                    let index = justValue % innerTimelines.count
                    innerTimelines[index] = SourceTimeline(.synchronous, [TimelineEvent(0, .next(justValue))]
                                                           + (completes ? [TimelineEvent(0, .completed)] : []))
                    replaced.append(timelines.count + index)
                }
                if firstWaits, case .next(let first) = large.events[0].value, !innerTimelines.isEmpty {
                    let index = first % innerTimelines.count
                    innerTimelines[index] = SourceTimeline(.hot, [TimelineEvent(subscribed + tickStep, .completed)])
                    replaced.append(timelines.count + index)
                }
                spares.priorities.removeAll()
                spares.priorities.reserveCapacity(old.count - (bounds[1] - bounds[0]) + large.events.count)
                for (position, timeline) in (timelines + innerTimelines).enumerated() {
                    if replaced.contains(position) {
                        for _ in timeline.events { spares.priorities.append(0) }
                    } else {
                        for priority in old[bounds[position]..<bounds[position + 1]] { spares.priorities.append(priority) }
                    }
                }
            }
        }
        var order: [HotEventRef] = []
        swap(&order, &spares.order)
        Self.hotOrder(sources: timelines, inners: innerTimelines, priorities: spares.priorities.elements, into: &order)
        let disposeTick: Int = try source.span("dispose") {
            let early = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(earlyDisposePercent) ? 1 : 0 }
            guard early == 1 else { return disposed }
            // A third of early disposes come right after subscribing, before most activity.
            let steps = UInt64(windowSteps)
            return subscribed + tickStep * Int(try source.draw(below: steps) { rng in
                rng.next(below: 3) == 0 ? rng.next(below: min(3, steps)) : rng.next(below: steps)
            })
        }
        let extraCount: Int = extraSubscribers.upperBound == 0 ? 0 : try source.span("subscriber count") {
            extraSubscribers.lowerBound + Int(try source.draw(below: UInt64(extraSubscribers.count)))
        }
        let windows: [Subscription] = try (0..<extraCount).map { _ in
            try source.span("subscriber") {
                let start = Int(try source.draw(below: UInt64(windowSteps)))
                let length = 1 + Int(try source.draw(below: UInt64(windowSteps - start)))
                return Subscription(subscribed + tickStep * start, subscribed + tickStep * (start + length))
            }
        }
        let disposeInside: Int? = disposeInsidePercent == 0 ? nil : try source.span("dispose inside") {
            let yes = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(disposeInsidePercent) ? 1 : 0 }
            return yes == 1 ? 1 + Int(try source.draw(below: 4)) : nil
        }
        let feedback: Scenario.Feedback? = feedbackPercent == 0 ? nil : try source.span("feedback") {
            let yes = try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(feedbackPercent) ? 1 : 0 }
            guard yes == 1 else { return nil }
            let after = 1 + Int(try source.draw(below: 3))
            // A "value" span like an event's: moving value between an element and the one fed
            // back (which of the two carries the 1) is then one shrink step.
            let value = try source.span("value") { Int(try source.draw(below: UInt64(values))) }
            var feedback = Scenario.Feedback(after: after, value: value)
            // With inner sources, the value may go into one of them instead (zero: source 0).
            if feedsInners && !innerTimelines.isEmpty {
                let target = Int(try source.draw(below: UInt64(1 + innerTimelines.count)))
                feedback.inner = target == 0 ? nil : target - 1
            }
            // With several sources, into any of them (zero: the first).
            if feedsOtherSources && feedback.inner == nil && timelines.count > 1 {
                feedback.source = Int(try source.draw(below: UInt64(timelines.count)))
            }
            return feedback
        }
        let drawnParameters: [Int] = try parameters.map { range in
            try source.span("parameter") { range.lowerBound + Int(try source.draw(below: UInt64(range.count))) }
        }
        // The lists stay with the spares too, shared with the case until it is gone.
        spares.timelines = timelines
        if !innerTimelines.isEmpty { spares.innerTimelines = innerTimelines }
        if order.capacity <= DrawSpares.longestListKept { spares.order = order }
        return Scenario(sources: timelines, inners: innerTimelines, hotOrder: order, created: created,
                        subscribed: subscribed, disposed: disposeTick, parameters: drawnParameters,
                        extraSubscribers: windows, disposeInsideAfter: disposeInside, feedback: feedback)
    }

    /// Draws one timeline with the buffers and lists of `spares`.
    private func drawTimeline(_ source: ChoiceSource, flavors: Flavors, maxEvents: Int, valueBound: Int,
                              spares: DrawSpares) throws -> SourceTimeline {
        try drawTimeline(source, flavors: flavors, maxEvents: maxEvents, valueBound: valueBound,
                         into: &spares.drawn, priorities: &spares.priorities, lists: spares)
    }

    /// Draws one timeline, its events drawn in `events` (emptied first) and copied into the next
    /// list of `lists`, and appends each event's tie priority (see `hotOrder`) to `priorities`.
    private func drawTimeline(_ source: ChoiceSource, flavors: Flavors, maxEvents: Int, valueBound: Int,
                              into events: inout DrawBuffer<TimelineEvent>, priorities: inout DrawBuffer<Int>,
                              lists: DrawSpares) throws -> SourceTimeline {
        // The closures below read these locals, not `self`: capturing the shape would copy it
        // (and retain its parameter list) for every event drawn.
        let (tickStep, maxGap, sameTickPercent, tiePercent) = (tickStep, maxGap, sameTickPercent, tiePercent)
        let (completions, errors, errorIdentities, subscribed) = (completions, errors, errorIdentities, subscribed)
        let flavor: SourceTimeline.Flavor
        switch flavors {
        case .hot: flavor = .hot
        case .cold: flavor = .cold
        case .mixed: flavor = try source.draw(below: 2) == 0 ? .hot : .cold
        case .mixedWithSynchronous:
            flavor = [.hot, .cold, .synchronous, .behavior][Int(try source.draw(below: behaviorSources ? 4 : 3))]
        }
        // Hot ticks start one step after the subscription (a hot event at the subscribe tick is
        // always missed, so it only adds noise); cold offsets start at 0. With that, the simplest
        // choices give the same-looking timeline in either flavour, and a counterexample can
        // shrink from cold to hot one choice at a time.
        let base = flavor.isHot ? subscribed + tickStep : 0
        let limit = flavor.isHot ? disposed : disposed - subscribed
        let cap = max(1, (maxEvents * source.size + 99) / 100)
        let continuePercent = UInt64(min(90, 100 * cap / (cap + 2)))
        events.removeAll()
        var steps = 0
        // At random, a gap of 0 (same tick) or up to `gapBound` steps; small cases draw small
        // gaps, so their few events often share ticks across sources. `drawn: false` keeps the
        // choice at 0 (a choice that is read but means nothing).
        let gapBound = max(1, min(maxGap, 1 + source.size / 12))
        func drawGap(drawn: Bool = true) throws -> Int {
            Int(try source.draw(below: UInt64(maxGap + 1)) { rng in
                !drawn || rng.next(below: 100) < UInt64(sameTickPercent) ? 0 : 1 + rng.next(below: UInt64(gapBound))
            })
        }
        func drawPriority(drawn: Bool = true) throws -> Int {
            try source.span("tie") {
                Int(try source.draw(below: 4) { rng in !drawn || rng.next(below: 100) < UInt64(100 - tiePercent) ? 0 : 1 + rng.next(below: 3) })
            }
        }
        /// One event's choices: a flag (0: no event, and nothing more drawn), then its gap, value
        /// and tie priority. nil when the flag is 0 or the event is not `allowed`.
        func drawEvent(flag: (inout Xoshiro256) -> UInt64, allowed: Bool = true, timed: Bool = true) throws
            -> (gap: Int, value: Int, priority: Int)? {
            try source.span("event") {
                guard try source.draw(below: 2, random: flag) == 1, allowed else { return nil }
                let gap = try source.span("gap") { try drawGap(drawn: timed) }
                let value = try source.span("value") { Int(try source.draw(below: UInt64(valueBound))) }
                return (gap, value, try drawPriority(drawn: timed))
            }
        }
        if flavor == .behavior {
            // Mostly an initial element, fired at the subscribe tick: missed by a plain hot
            // source, handed over by a BehaviorSubject. Without one (the simplest choice), the
            // source is a replay of a live hot source that has not fired yet. It is drawn as an
            // event is (`drawEvent`, its gap and tie left at 0 and unused), so lowering the
            // flavour to hot turns the initial element into the first event, right after the
            // subscribe: a behavior source a failure does not need shrinks to the hot one in one
            // step, and both are the same length (the shorter encoding would otherwise win).
            // Also an "initial" span: without it, a single 0 (not nothing: the choices after it
            // would be read as its flag).
            let initial = try source.span("initial") {
                try drawEvent(flag: { rng in rng.next(below: 4) == 0 ? 0 : 1 }, timed: false)
            }
            if let initial {
                events.append(TimelineEvent(subscribed, .next(initial.value)))
                priorities.append(0)
            }
        }
        // The "more" flag is drawn even at the cap (forced to 0 there), so deleting an event's
        // span while shrinking never shifts the choices that follow.
        while true {
            let atCap = events.count >= cap
            guard let drawn = try drawEvent(flag: { rng in !atCap && rng.next(below: 100) < continuePercent ? 1 : 0 },
                                            allowed: !atCap) else { break }
            let event = TimelineEvent(base + tickStep * (steps + drawn.gap), .next(drawn.value))
            guard event.tick <= limit else { break }
            steps += drawn.gap
            events.append(event)
            priorities.append(drawn.priority)
        }
        let terminal: (TimelineEvent, Int)? = try source.span("terminal") {
            let allowed = UInt64(1 + (completions ? 1 : 0) + (errors ? 1 : 0))
            let kind = try source.draw(below: allowed) { rng in
                let roll = rng.next(below: 100)
                if roll < 40 || allowed == 1 { return 0 }
                if allowed == 3 { return roll < 72 ? 1 : 2 }
                return 1
            }
            guard kind > 0 else { return nil }
            let gap = try source.span("gap") { try drawGap() }
            let tick = base + tickStep * (steps + gap)
            let isError = !completions || kind == 2
            // A completion draws the error's identity too, left at 0: both terminals then take
            // as many choices, and an error a failure does not need lowers to a completion in
            // one step (a shorter completion would otherwise be out of its reach).
            let identity = errors ? Int(try source.draw(below: UInt64(errorIdentities)) { rng in isError ? rng.next(below: UInt64(errorIdentities)) : 0 }) : 0
            let value: TimelineValue = isError ? .error(1 + identity) : .completed
            return (TimelineEvent(tick, value), try drawPriority())
        }
        if let (event, priority) = terminal, event.tick <= limit {
            events.append(event)
            priorities.append(priority)
        }
        if flavor == .synchronous {
            // Everything happens inside subscribe: ticks mean nothing (offset 0).
            return SourceTimeline(flavor, lists.events(from: events.elements, tick: 0))
        }
        return SourceTimeline(flavor, lists.events(from: events.elements))
    }

    /// Orders hot events by tick, then by tie priority, then in list order. Within one source a
    /// priority never drops below that of its previous event at the same tick, so a source's
    /// own events keep their order. Every event carries one priority choice, so the number of
    /// choices does not depend on which events happen to share a tick: moving an event onto
    /// another's tick while shrinking keeps the rest of the case aligned. All zeros (the
    /// simplest choices) give the default order. `priorities` holds one per event, timeline after
    /// timeline: sources, then inner sources.
    static func hotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef] {
        var order: [HotEventRef] = []
        hotOrder(sources: sources, inners: inners, priorities: priorities, into: &order)
        return order
    }

    /// `hotOrder` in `order`, emptied first: a list kept from the last case keeps its storage.
    static func hotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>,
                         into order: inout [HotEventRef]) {
        if !order.isEmpty { order.emptyForReuse() }
        if mergedHotOrder(sources: sources, inners: inners, priorities: priorities, into: &order) { return }
        order = packedHotOrder(sources: sources, inners: inners, priorities: priorities)
            ?? sortedHotOrder(sources: sources, inners: inners, priorities: priorities)
    }

    /// `hotOrder` for at most two hot timelines whose ticks never fall (a drawn case's usual
    /// shape): the two merged event by event, by tick and then priority, the first timeline's
    /// event first on a tie — no key per event, no sort. Nil for any other case.
    static func mergedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef]? {
        var order: [HotEventRef] = []
        return mergedHotOrder(sources: sources, inners: inners, priorities: priorities, into: &order) ? order : nil
    }

    /// `mergedHotOrder` appended to `order`; false (nothing appended) for a case it does not fit.
    static func mergedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>,
                               into merged: inout [HotEventRef]) -> Bool {
        typealias Run = (events: [TimelineEvent], inner: Bool, source: Int, start: Int)
        var first: Run?
        var second: Run?
        var start = 0
        for list in 0..<2 {
            for (source, timeline) in (list == 0 ? sources : inners).enumerated() {
                defer { start += timeline.events.count }
                guard timeline.flavor.isHot else { continue }
                let run: Run = (timeline.events, list == 1, source, start)
                if first == nil { first = run } else if second == nil { second = run } else { return false }
            }
        }
        let a = first ?? ([], false, 0, 0)
        let b = second ?? ([], false, 0, 0)
        guard start <= priorities.count else { return false }
        // Ticks that fall somewhere within a timeline: sorted instead.
        func rises(_ events: [TimelineEvent]) -> Bool {
            var previous = Int.min
            for event in events {
                if event.tick < previous { return false }
                previous = event.tick
            }
            return true
        }
        guard rises(a.events), rises(b.events) else { return false }
        // Merged on the stack, then copied into the list: `Array(unsafeUninitializedCapacity:)`
        // allocates through a stdlib entry compiled for any type, several times the cost.
        let total = a.events.count + b.events.count
        a.events.withUnsafeBufferPointer { first in
            b.events.withUnsafeBufferPointer { second in
                withUnsafeTemporaryAllocation(of: HotEventRef.self, capacity: total) { order in
                    // A run's events are taken in their own order, so the rule that a priority
                    // never drops within a tick of one timeline needs no step here: an event whose
                    // own priority is lower than the one before it is compared only once that one
                    // is taken, and what could have gone between them has already been.
                    var (i, j) = (0, 0)
                    while i < first.count && j < second.count {
                        if (first[i].tick, priorities[a.start + i]) <= (second[j].tick, priorities[b.start + j]) {
                            order.initializeElement(at: i + j, to: HotEventRef(inner: a.inner, source: a.source, index: i))
                            i += 1
                        } else {
                            order.initializeElement(at: i + j, to: HotEventRef(inner: b.inner, source: b.source, index: j))
                            j += 1
                        }
                    }
                    for index in i..<first.count { order.initializeElement(at: index + j, to: HotEventRef(inner: a.inner, source: a.source, index: index)) }
                    for index in j..<second.count { order.initializeElement(at: first.count + index, to: HotEventRef(inner: b.inner, source: b.source, index: index)) }
                    merged.append(contentsOf: UnsafeBufferPointer(order))
                }
            }
        }
        return true
    }

    /// `hotOrder` by sorting (tick, priority, position) tuples: any sizes.
    static func sortedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef] {
        var keyed: [(tick: Int, priority: Int, position: Int, ref: HotEventRef)] = []
        let hotEvents: (Int, SourceTimeline) -> Int = { $0 + ($1.flavor.isHot ? $1.events.count : 0) }
        keyed.reserveCapacity(sources.reduce(0, hotEvents) + inners.reduce(0, hotEvents))
        var start = 0
        func add(_ timelines: [SourceTimeline], list: Int) {
            for (index, timeline) in timelines.enumerated() {
                defer { start += timeline.events.count }
                guard timeline.flavor.isHot else { continue }
                var previous: (tick: Int, priority: Int)?
                for (position, event) in timeline.events.enumerated() {
                    var priority = priorities[start + position]
                    if let previous, previous.tick == event.tick { priority = max(priority, previous.priority) }
                    previous = (event.tick, priority)
                    keyed.append((event.tick, priority, keyed.count, HotEventRef(inner: list == 1, source: index, index: position)))
                }
            }
        }
        add(sources, list: 0)
        add(inners, list: 1)
        keyed.sort { ($0.tick, $0.priority, $0.position) < ($1.tick, $1.priority, $1.position) }
        return keyed.map(\.ref)
    }

    /// `hotOrder` with each event's sort key packed into one integer — tick, priority, then the
    /// list, source and index that make up its position — so the sort compares integers, not
    /// tuples through a closure (most of drawing a case's order). Nil when a field does not fit.
    static func packedHotOrder(sources: [SourceTimeline], inners: [SourceTimeline], priorities: UnsafeBufferPointer<Int>) -> [HotEventRef]? {
        // Bits, low to high: index 22, source 12, list 1, priority 2, tick 27.
        let (indexBits, sourceBits, priorityBits, tickBits) = (22, 12, 2, 27)
        guard max(sources.count, inners.count) < 1 << sourceBits else { return nil }
        var count = 0
        for timeline in sources where timeline.flavor.isHot { count += timeline.events.count }
        for timeline in inners where timeline.flavor.isHot { count += timeline.events.count }
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        var start = 0
        for list in 0..<2 {
            let timelines = list == 0 ? sources : inners
            for (source, timeline) in timelines.enumerated() {
                let events = timeline.events
                defer { start += events.count }
                guard timeline.flavor.isHot else { continue }
                guard events.count <= 1 << indexBits else { return nil }
                var previous = (tick: -1, priority: 0)
                for index in events.indices {
                    let tick = events[index].tick
                    var priority = priorities[start + index]
                    if previous.tick == tick { priority = max(priority, previous.priority) }
                    previous = (tick, priority)
                    guard tick >= 0, tick < 1 << tickBits, priority >= 0, priority < 1 << priorityBits else { return nil }
                    keys.append(UInt64(tick) << UInt64(indexBits + sourceBits + 1 + priorityBits)
                                | UInt64(priority) << UInt64(indexBits + sourceBits + 1)
                                | UInt64(list) << UInt64(indexBits + sourceBits) | UInt64(source) << UInt64(indexBits) | UInt64(index))
                }
            }
        }
        // Two timelines or fewer whose ticks never fall are merged before this (`mergedHotOrder`).
        keys.sort()
        return keys.map { key in
            HotEventRef(inner: (key >> UInt64(indexBits + sourceBits)) & 1 == 1,
                        source: Int((key >> UInt64(indexBits)) & (1 << UInt64(sourceBits) - 1)),
                        index: Int(key & (1 << UInt64(indexBits) - 1)))
        }
    }
}

extension Array where Element == ChoiceSpan {
    /// The spans called `label`, in the order of their choices.
    func inOrder(_ label: SpanLabel) -> [ChoiceSpan] {
        filter { $0.label == label }.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The scenario's own sources' spans — not those drawn inside an `inner` span — in order.
    var outerSources: [ChoiceSpan] {
        let inners = inOrder("inner")
        return inOrder("source").filter { source in !inners.contains { $0.encloses(source) } }
    }
}

