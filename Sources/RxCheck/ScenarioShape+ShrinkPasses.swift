// The scenario generator's shrink passes: the rewrites that retime or lower one source, and the
// ordered list of every pass that shrinks a scenario as a timeline.

import RxTestKit

extension ScenarioShape {
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

    /// A behavior source drawn hot instead, its initial element its first event (one step after
    /// the main subscription, as lowering the flavour alone makes it), and every further
    /// subscriber that started with the main one starting a step later: each then still gets
    /// that element as it subscribes — in a replay, where the behavior source handed it over
    /// inside the subscribe call. Lowering the flavour alone would lose it for them.
    static let behaviorHotForLaterSubscribers = ChoiceRewrite("lower a behavior source to hot, its subscribers a step later") { choices, spans in
        let starting = spans.filter { $0.label == "subscriber" && $0.range.count == 2 && choices[$0.range.lowerBound] == 0 }
        guard !starting.isEmpty else { return [] }
        var candidates: [[UInt64]] = []
        for source in spans.outerSources {
            let start = source.range.lowerBound
            guard start < choices.count, choices[start] == 3,
                  let initial = spans.first(where: { $0.label == "initial" && $0.range.lowerBound == start + 1 }),
                  initial.range.count > 1 else { continue }
            var candidate = choices
            candidate[start] = 0
            for subscriber in starting { candidate[subscriber.range.lowerBound] = 1 }
            candidates.append(candidate)
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
        ("drop a subscriber, renumbering the action", .whenStuck(.rewrite(droppingSubscriberRenumbering))),
    ]

    /// A further subscriber dropped while the subscriber action keeps naming the same actor and
    /// target: both are named by window (the target counted from the actor, `draw`), so
    /// dropping a window alone makes the action name others — or none.
    static let droppingSubscriberRenumbering = ChoiceRewrite("drop a subscriber, renumbering the action") { choices, spans in
        guard let count = spans.first(where: { $0.label == "subscriber count" }), count.range.count == 1,
              let action = spans.first(where: { $0.label == "subscriber action" }), action.range.count == 5,
              action.range.upperBound <= choices.count else { return [] }
        let windows = spans.filter { $0.label == "subscriber" && $0.range.count == 2 }
        let start = action.range.lowerBound
        let kind: Scenario.SubscriberAction.Kind = choices[start + 1] == 0 ? .dispose : .subscribe
        let extras = windows.count
        let actor = Int(choices[start + 2])
        let targets = Self.actionTargets(actor: actor, extras: extras, kind: kind)
        guard choices[count.range.lowerBound] > 0, Int(choices[start + 3]) < targets.count else { return [] }
        let target = targets[Int(choices[start + 3])]
        var candidates: [[UInt64]] = []
        for (index, window) in windows.enumerated() {
            let dropped = index + 1
            guard dropped != actor, dropped != target else { continue }
            let newActor = actor > dropped ? actor - 1 : actor
            let newTarget = target > dropped ? target - 1 : target
            let newTargets = Self.actionTargets(actor: newActor, extras: extras - 1, kind: kind)
            guard let targetChoice = newTargets.firstIndex(of: newTarget) else { continue }
            var candidate = choices
            candidate[start + 2] = UInt64(newActor)
            candidate[start + 3] = UInt64(targetChoice)
            candidate.removeSubrange(window.range)
            candidate[count.range.lowerBound] -= 1
            candidates.append(candidate)
        }
        return candidates
    }

    /// The windows a subscriber action of `kind` by `actor` may name among the main window and
    /// `extras` further ones, in the order its target choice counts them: from the one after
    /// the actor, wrapping round; a subscribe names a further window only.
    static func actionTargets(actor: Int, extras: Int, kind: Scenario.SubscriberAction.Kind) -> [Int] {
        guard extras > 0 else { return [] }
        return (1...extras).map { (actor + $0) % (1 + extras) }.filter { kind == .dispose || $0 > 0 }
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

