import RxCheck

/// The public shrinking-challenge problems, ported onto RxCheck's generic generators. Each is
/// a property that is false, with the counterexample a good shrinker reaches from any start.
struct ShrinkChallenge {
    let name: String
    /// What a normalising shrinker should end at.
    let expected: String
    /// Runs the challenge from `seed`; returns the final form and the shrink calls.
    let run: (_ seed: UInt64) -> (form: String, calls: Int)?

    static func make<Value>(_ name: String, expected: String, _ generator: Gen<Value>, cases: Int = 1_000,
                            holds: @escaping (Value) -> Bool) -> ShrinkChallenge {
        ShrinkChallenge(name: name, expected: expected) { seed in
            let property = Property.forAll(name, generator, holds)
            var options = RunOptions(cases: cases, seed: seed)
            options.maxShrinkCalls = 20_000
            guard let failure = Runner.run(property, options: options).failure else { return nil }
            return ("\(failure.shrunk)", failure.shrinkCalls)
        }
    }

    static var all: [ShrinkChallenge] {
        let int16 = Gen.int(in: -32_768...32_767)
        let int = Gen.int(in: -1_000_000...1_000_000)
        return [
            make("reverse", expected: "[0, 1]", int.array(count: 0...50)) { $0 == $0.reversed() },
            make("lengthlist", expected: "[900]",
                 Gen.int(in: 1...100).flatMap { n in Gen.int(in: 0...1_000).array(count: n...n) }) { ($0.max() ?? 0) < 900 },
            // Two lists must hold values (one alone is its own total), three choices each, the
            // empty ones one (their 0 flag): the shortlex-smallest failing choices leave the first
            // three lists empty, then, under the zig-zag encoding (0, 1, -1, 2, -2, …), hold the
            // smallest value that can overflow, -1 (choice 2), and -32768 (65535). The form this
            // problem is usually quoted with, ([-1], [-32768], [], [], []), is larger in this order
            // (its first choice is a 1).
            make("bound5", expected: "([], [], [], [-1], [-32768])",
                 zip(zip(zip(zip(int16.array(count: 0...10), int16.array(count: 0...10)), int16.array(count: 0...10)),
                         int16.array(count: 0...10)), int16.array(count: 0...10)).map { ($0.0.0.0, $0.0.0.1, $0.0.1, $0.1, $1) }) { tuple in
                let lists = [tuple.0, tuple.1, tuple.2, tuple.3, tuple.4]
                func sum(_ list: [Int]) -> Int16 { list.reduce(Int16(0)) { $0 &+ Int16($1) } }
                guard lists.allSatisfy({ sum($0) < 256 }) else { return true }
                return lists.reduce(Int16(0)) { $0 &+ sum($1) } < 5 * 256
            },
            make("large union list", expected: "[[0, 1, -1, 2, -2]]", int.array(count: 0...10).array(count: 0...10)) {
                Set($0.flatMap { $0 }).count <= 4
            },
            make("calculator", expected: "div(0, add(0, 0))", Expression.generator) { expression in
                !expression.hasLiteralDivisionByZero ? expression.evaluate() != nil : true
            },
            make("nestedlists", expected: "[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]", Gen.int(in: 0...100).array(count: 0...20).array(count: 0...20)) {
                $0.reduce(0) { $0 + $1.count } <= 10
            },
            make("deletion", expected: "([0, 0], 0)",
                 Gen.int(in: -100...100).array(count: 1...20).flatMap { list in
                     Gen.int(in: 0...(list.count - 1)).map { (list, list[$0]) }
                 }) { list, element in
                var rest = list
                if let index = rest.firstIndex(of: element) { rest.remove(at: index) }
                return !rest.contains(element)
            },
            make("distinct", expected: "[0, 1, 2]", Gen.int(in: 0...1_000_000).array(count: 0...20)) { Set($0).count < 3 },
            // Lists whose elements are not all valid indices are discarded (they pass vacuously).
            make("coupling", expected: "[1, 0]", Gen.int(in: 0...10).array(count: 0...10)) { list in
                guard list.allSatisfy({ $0 < list.count }) else { return true }
                return list.indices.allSatisfy { index in
                    let other = list[index]
                    return other == index || list[other] != index
                }
            },
        ]
    }
}

/// The calculator challenge's little language.
indirect enum Expression: CustomStringConvertible {
    case number(Int)
    case add(Expression, Expression)
    case div(Expression, Expression)

    static var generator: Gen<Expression> { generator(depth: 4) }

    static func generator(depth: Int) -> Gen<Expression> {
        let leaf = Gen.int(in: -10...10).map(Expression.number)
        guard depth > 0 else { return leaf }
        let inner = Gen { source in try generator(depth: depth - 1).generate(source) }
        return .oneOf([
            leaf,
            zip(inner, inner).map { .add($0, $1) },
            zip(inner, inner).map { .div($0, $1) },
        ])
    }

    var hasLiteralDivisionByZero: Bool {
        switch self {
        case .number: return false
        case .add(let a, let b): return a.hasLiteralDivisionByZero || b.hasLiteralDivisionByZero
        case .div(let a, let b):
            if case .number(0) = b { return true }
            return a.hasLiteralDivisionByZero || b.hasLiteralDivisionByZero
        }
    }

    /// The value, or nil on division by zero.
    func evaluate() -> Int? {
        switch self {
        case .number(let value): return value
        case .add(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate() else { return nil }
            return x &+ y
        case .div(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate(), y != 0 else { return nil }
            return x / y
        }
    }

    var description: String {
        switch self {
        case .number(let value): return "\(value)"
        case .add(let a, let b): return "add(\(a), \(b))"
        case .div(let a, let b): return "div(\(a), \(b))"
        }
    }
}
