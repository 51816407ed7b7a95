// The vocabulary of shrinking: the passes a generator names, a generator's own rewrites of its
// choices, and references to choices by span label. Apart from the shrinker so a generator's
// author reads what they may ask for without the search that carries it out.

import Foundation
import RxTestKit

/// One shrinking pass. The generic ones edit choices without knowing what they mean; the
/// span-aware ones act on spans by the labels a generator gives them, so it is the generator
/// that decides what they do (the scenario generator's passes drop a source, drop an event,
/// restore the tie order…: see `ScenarioShape`).
public indirect enum ShrinkPass: Sendable, Equatable {
    /// Deletes recorded spans of three or more choices, then runs of blocks of one, two … up to
    /// `upTo` choices at every position, each run as long as the case still fails.
    case deleteBlocks(upTo: Int)
    /// Sets blocks of choices to zero.
    case zeroBlocks
    /// Lowers each choice, by binary search.
    case lowerNumbers
    /// Lowers equal choices together.
    case lowerDuplicates
    /// Swaps neighbouring choices that are out of order.
    case sortNeighbours
    /// Moves value from a choice to a later one of the same kind (innermost span label): the
    /// earlier goes down by as much as it can while the case still fails, the later up by as
    /// much. Reaches forms that lowering one choice at a time cannot, where two choices must
    /// keep a sum (two values that must overflow together) or swap places.
    case redistribute
    /// Tries a span as drawn at zero, then with its count (the choice after its flag) at zero.
    case drawSmall(SpanLabel)
    /// Deletes each span, lowering the counter span that announced it.
    case drop(SpanLabel, adjusting: SpanLabel)
    /// Deletes each span, adding its `gap` choice to the next span's, so what follows keeps its place.
    case dropKeepingPlaces(SpanLabel, gap: SpanLabel)
    /// Makes each span as simple as possible: a single zero, or zeros in place.
    case zero(SpanLabel)
    /// Lowers a `gap` by one, raising the next gap within the same `owner` span, and tries
    /// the `tie` choice after it raised when the move needs a later place among equals.
    case pullEarlier(gap: SpanLabel, tie: SpanLabel, owner: SpanLabel)
    /// Swaps neighbouring spans.
    case swap(SpanLabel)
    /// Gives up a `give` span — deleted, or lowered by one if it is a single choice — while
    /// raising by one the first choice of a `take` span: one smaller case reached from another
    /// only by two edits at once, neither of which fails alone (an event dropped while its
    /// source's kind goes up a step, or its terminal appears at its tick — `gap` says which
    /// choice keeps a deleted span's place; a tie lowered while another source's kind goes up).
    /// With `within`, only a `take` span inside the same `within` span as the given one.
    case trade(give: SpanLabel, take: [SpanLabel], gap: SpanLabel, within: SpanLabel?)
    /// Deletes each `give` span while lowering by one the choices `counts` point at — all of
    /// them at once, then each alone: what counts the given spans (how many elements before
    /// the observer acts, how many an operator takes) goes down with them.
    case dropCounted(give: SpanLabel, counts: [ChoiceRef])
    /// Deletes each span while lowering by one a choice before it that no span of the same
    /// label holds: a length drawn before the elements it counts goes down with one of them
    /// (lowering it alone reads one element fewer and leaves the last one's choices over).
    case deleteLowering
    /// Deletes each element of a list (a run of adjacent `element` spans) while lowering by one
    /// every value in the list's other elements above the deleted one's index: a list whose
    /// values are indices into itself keeps pointing at the same elements.
    case deleteRenumbering
    /// Lowers two nonzero choices at most eight apart by one each, at once: a case where
    /// either alone passes — a division's operator and its divisor, turning `x / (0 / 1)`
    /// into `x / (0 + 0)`.
    case lowerPairs
    /// Runs `pass` only in rounds where no other pass made progress: for passes that try
    /// many candidates and rarely succeed once the generator's own passes have run. They still
    /// get the last word — shrinking stops only when every pass, these included, is stuck.
    case whenStuck(ShrinkPass)
    /// Tries the candidates a generator computes from the best choices and their spans: for an
    /// edit only the generator can spell, such as the same values drawn another way.
    case rewrite(ChoiceRewrite)

    /// A pass with the name statistics report it by.
    public typealias Named = (name: String, pass: ShrinkPass)

    /// The passes any generator gets: the blind ones, then those for plain values.
    public static let generic: [Named] = blind + forPlainValues

    /// Edits of choices that know nothing of what they mean.
    public static let blind: [Named] = [
        ("delete choice blocks", .deleteBlocks(upTo: 3)),
        ("zero choice blocks", .zeroBlocks),
        ("lower numbers", .lowerNumbers),
        ("lower duplicates together", .lowerDuplicates),
        ("sort neighbouring choices", .sortNeighbours),
        // It tries a pair of choices per call: most cases never need it.
        ("move value between choices", .whenStuck(.redistribute)),
    ]

    /// Edits for values drawn by the generic generators — lengths before their elements,
    /// indices into a list, operators and their operands, neighbouring lists — each run when
    /// the others are stuck. A generator that draws its counts and indices its own way (a
    /// scenario) names its own passes for them instead.
    public static let forPlainValues: [Named] = [
        ("delete a span, lowering a length before it", .whenStuck(.deleteLowering)),
        ("delete a list element, renumbering indices past it", .whenStuck(.deleteRenumbering)),
        ("lower two choices together", .whenStuck(.lowerPairs)),
        // An empty list is one choice, a full one starts with a 1: lists trade places to put
        // the empty ones first.
        ("swap neighbouring lists", .whenStuck(.swap("list"))),
    ]

    /// The passes of two generators drawn one after the other: the first's, then the second's
    /// that the first does not have (by name: where both tune the same pass, the first's wins).
    public static func merging(_ first: [Named], _ second: [Named]) -> [Named] {
        first + second.filter { pass in !first.contains { $0.name == pass.name } }
    }
}

/// Candidates a generator computes from a case's choices and spans (`ShrinkPass.rewrite`);
/// each is tried like any other (kept only if smaller and still failing). Equal by name.
public struct ChoiceRewrite: Sendable, Equatable {
    /// The rewrite's name, as shrink statistics print it; two rewrites of one name are the same
    /// pass.
    public let name: String
    /// The candidates for a failing case's choices and spans, each tried in turn.
    public let candidates: @Sendable (_ choices: [UInt64], _ spans: [ChoiceSpan]) -> [[UInt64]]
    /// Whether its candidates may be longer than the case they rewrite, to be kept when they
    /// weigh less in the generator's `Gen.weighedSpans`.
    public let mayLengthen: Bool

    /// A rewrite called `name` proposing `candidates`.
    public init(_ name: String, mayLengthen: Bool = false,
                candidates: @escaping @Sendable (_ choices: [UInt64], _ spans: [ChoiceSpan]) -> [[UInt64]]) {
        self.name = name
        self.mayLengthen = mayLengthen
        self.candidates = candidates
    }

    public static func == (lhs: ChoiceRewrite, rhs: ChoiceRewrite) -> Bool { lhs.name == rhs.name }
}

/// A choice inside a span: the one `offset` places after the start of each span called `label`.
public struct ChoiceRef: Sendable, Equatable {
    /// The label of the spans it names.
    public let label: SpanLabel
    /// Which choice within each such span (0: the first).
    public let offset: Int
    /// Choice `offset` of every span labelled `label`.
    public init(_ label: SpanLabel, offset: Int = 0) {
        self.label = label
        self.offset = offset
    }
}
