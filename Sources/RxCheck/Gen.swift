/// A generator: a function of a `ChoiceSource`. Everything built from these combinators draws
/// through the source, so it replays from a seed or a choice sequence and shrinks for free.
public struct Gen<Value> {
    /// Draws one value.
    public let generate: (ChoiceSource) throws -> Value
    /// The shrink passes for what it draws, in the order they run: the generic ones unless the
    /// generator names passes for the spans it labels (the scenario generator does).
    public var shrinkPasses: [ShrinkPass.Named]
    /// Spans whose choices weigh before length when the shrinker compares two cases: a case
    /// drawing a smaller sum in them is the smaller one, however many choices it takes. For an
    /// encoding that is short but that no edit shrinks further — the scenario's many sources,
    /// drawn by their count alone — so a rewrite may spell it out in more choices that do shrink.
    /// Empty (the usual): plain shortlex order.
    public var weighedSpans: [SpanLabel]

    /// A generator drawing its value with `generate`, shrunk with `shrinkPasses` (the generic
    /// passes unless the generator names its own).
    public init(shrinkPasses: [ShrinkPass.Named] = ShrinkPass.generic, weighedSpans: [SpanLabel] = [],
                _ generate: @escaping (ChoiceSource) throws -> Value) {
        self.generate = generate
        self.shrinkPasses = shrinkPasses
        self.weighedSpans = weighedSpans
    }

    /// Transforms generated values (the passes stay: the choices are the same).
    public func map<Other>(_ transform: @escaping (Value) -> Other) -> Gen<Other> {
        Gen<Other>(shrinkPasses: shrinkPasses, weighedSpans: weighedSpans) { try transform(generate($0)) }
    }

    /// Chooses the next generator from a generated value; shrinks with this generator's passes.
    public func flatMap<Other>(_ next: @escaping (Value) -> Gen<Other>) -> Gen<Other> {
        Gen<Other>(shrinkPasses: shrinkPasses, weighedSpans: weighedSpans) { source in try next(generate(source)).generate(source) }
    }

    /// Records this generator's choices as a span called `label`, for span-aware shrink passes.
    public func labelled(_ label: SpanLabel) -> Gen<Value> {
        Gen(shrinkPasses: shrinkPasses, weighedSpans: weighedSpans) { source in try source.span(label) { try generate(source) } }
    }
}

extension Gen {
    /// Always `value`; draws nothing.
    public static func constant(_ value: Value) -> Gen<Value> { Gen { _ in value } }

    /// A generator whose shape depends on the size parameter (0 to 100).
    public static func sized(_ body: @escaping (Int) -> Gen<Value>) -> Gen<Value> {
        Gen { source in try body(source.size).generate(source) }
    }

    /// One of `generators`; shrinks toward the first.
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        precondition(!generators.isEmpty, "oneOf needs at least one generator")
        return Gen { source in
            let index = try source.draw(below: UInt64(generators.count))
            return try generators[Int(index)].generate(source)
        }
    }

    /// One of `generators`, picked with the given weights in random mode; shrinks toward the first.
    public static func frequency(_ weighted: [(Int, Gen<Value>)]) -> Gen<Value> {
        let total = weighted.reduce(0) { $0 + $1.0 }
        precondition(total > 0, "frequency needs a positive total weight")
        return Gen { source in
            let index = try source.draw(below: UInt64(weighted.count)) { rng in
                var pick = Int(rng.next(below: UInt64(total)))
                for (offset, entry) in weighted.enumerated() {
                    if pick < entry.0 { return UInt64(offset) }
                    pick -= entry.0
                }
                return UInt64(weighted.count - 1)
            }
            return try weighted[Int(index)].1.generate(source)
        }
    }
}

extension Gen where Value == Int {
    /// An integer in `range`, uniform in random mode. It shrinks toward the value nearest
    /// zero: toward 0 itself when the range spans it (0, 1, −1, 2, −2, …), else toward the
    /// bound closest to zero.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        Gen { source in
            let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
            let choice = try source.draw(below: span == 0 ? UInt64.max : span)
            return IntegerEncoding.value(choice, in: range)
        }
    }

    /// An integer in `range` that is `lowerBoundPercent` percent of the time the lower bound in
    /// random mode; shrinks toward the lower bound.
    public static func int(in range: ClosedRange<Int>, lowerBoundPercent: Int) -> Gen<Int> {
        Gen { source in
            let span = UInt64(range.upperBound - range.lowerBound) + 1
            let value = try source.draw(below: span) { rng in
                rng.next(below: 100) < UInt64(lowerBoundPercent) ? 0 : rng.next(below: span)
            }
            return range.lowerBound + Int(value)
        }
    }
}

extension Gen where Value == Bool {
    /// `true` `percent` percent of the time in random mode; shrinks toward `false`.
    public static func bool(percent: Int = 50) -> Gen<Bool> {
        Gen { source in
            try source.draw(below: 2) { rng in rng.next(below: 100) < UInt64(percent) ? 1 : 0 } == 1
        }
    }
}

extension Gen {
    /// One element of `elements`; shrinks toward the first.
    public static func element(of elements: [Value]) -> Gen<Value> {
        precondition(!elements.isEmpty, "element(of:) needs elements")
        return Gen { source in elements[Int(try source.draw(below: UInt64(elements.count)))] }
    }

    /// An array of `count.lowerBound` or more and at most `count.upperBound` values. Each
    /// further element is announced by a "more" choice, so deleting an element's span or
    /// zeroing its flag shortens the array — the shrinker needs nothing else.
    public func array(count: ClosedRange<Int>, averageLength: Double? = nil) -> Gen<[Value]> {
        let element = self
        // One "list" span around the whole list: neighbouring lists can trade places.
        return Gen<[Value]> { source in try source.span("list") {
            var result: [Value] = []
            let average = averageLength ?? Double(count.lowerBound + count.upperBound) / 2
            let extra = max(average - Double(count.lowerBound), 0)
            let continuePercent = UInt64(min(95, max(5, 100 * extra / (extra + 1))))
            // The "more" flag is drawn even at the upper bound (forced to 0 there), so deleting
            // an element's span never shifts the choices that follow.
            while true {
                let value: Value? = try source.span("element") {
                    if result.count >= count.lowerBound {
                        let full = result.count >= count.upperBound
                        let more = try source.draw(below: 2) { rng in !full && rng.next(below: 100) < continuePercent ? 1 : 0 }
                        if more == 0 || full { return nil }
                    }
                    return try element.generate(source)
                }
                guard let value else { break }
                result.append(value)
            }
            return result
        } }
    }

    /// nil or a value; shrinks toward nil.
    public func optional(percentSome: Int = 50) -> Gen<Value?> {
        let element = self
        return Gen<Value?> { source in
            try Gen<Bool>.bool(percent: percentSome).generate(source) ? try element.generate(source) : nil
        }
    }
}

/// Two generators side by side.
public func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> {
    Gen(shrinkPasses: ShrinkPass.merging(a.shrinkPasses, b.shrinkPasses),
        weighedSpans: a.weighedSpans + b.weighedSpans.filter { !a.weighedSpans.contains($0) }) { source in (try a.generate(source), try b.generate(source)) }
}

/// Maps a choice to an integer so that smaller choices are simpler integers.
enum IntegerEncoding {
    static func value(_ choice: UInt64, in range: ClosedRange<Int>) -> Int {
        let low = range.lowerBound, high = range.upperBound
        if low >= 0 { return low &+ Int(truncatingIfNeeded: choice) }
        if high <= 0 { return high &- Int(truncatingIfNeeded: choice) }
        // Zig-zag around zero while both sides last, then the longer side alone.
        let negative = UInt64(bitPattern: Int64(0 &- low)), positive = UInt64(high)
        let both = min(negative, positive)
        if choice <= 2 &* both {
            return choice % 2 == 1 ? Int((choice + 1) / 2) : -Int(choice / 2)
        }
        let beyond = Int(truncatingIfNeeded: choice - 2 &* both)
        return positive > negative ? Int(both) &+ beyond : -Int(both) &- beyond
    }
}
