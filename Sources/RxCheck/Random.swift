/// SplitMix64: turns one 64-bit seed into a stream of well-mixed words. Used to seed
/// `Xoshiro256` and to derive per-case seeds.
public struct SplitMix64 {
    private var state: UInt64

    /// A generator whose output is a function of `seed` alone.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One mixed word from `seed` and `stream`: independent seeds for case 0, 1, 2, …
    public static func derive(_ seed: UInt64, _ stream: UInt64) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }
}

/// xoshiro256**: RxCheck's only random number generator. Portable and fully determined by its
/// seed, so a seed reproduces the same cases on any machine, process and Swift version
/// (bounded draws are ours too, never `Int.random(in:using:)`).
public struct Xoshiro256: RandomNumberGenerator {
    private var s0, s1, s2, s3: UInt64

    /// Seeds the four state words from SplitMix64, as the authors recommend.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next(); s1 = mixer.next(); s2 = mixer.next(); s3 = mixer.next()
    }

    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    /// A uniform value in `0..<bound` (Lemire's multiply-and-reject; `bound` > 0).
    // Inlined: a case draws about ninety choices, and a call, with the state loaded and stored
    // around it, costs as much as the arithmetic.
    @inline(__always)
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "next(below:) needs a positive bound")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    @inline(__always) private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}

/// Seeds are written as 16 lowercase hex digits.
public enum SeedFormat {
    /// `00000000deadbeef`.
    public static func format(_ seed: UInt64) -> String {
        let digits = String(seed, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Parses 1 to 16 hex digits (an optional `0x` prefix is allowed); nil otherwise.
    public static func parse(_ text: String) -> UInt64? {
        var body = Substring(text)
        if body.hasPrefix("0x") || body.hasPrefix("0X") { body = body.dropFirst(2) }
        guard (1...16).contains(body.count), body.allSatisfy(\.isHexDigit) else { return nil }
        return UInt64(body, radix: 16)
    }
}
