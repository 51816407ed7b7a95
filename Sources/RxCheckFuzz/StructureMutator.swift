// The mutator that knows the formats' structure: it finds the numbers in a text input and pushes
// them to the extremes a reader must survive, and it repeats, drops and reorders lines, changes
// line endings and inserts marble characters. Byte-level mutation rarely builds a well-formed
// entry with one number changed; this does so in one step.

import RxCheck

/// Seeded mutations of text inputs (Seeds entries, marbles, JSON reports).
public struct StructureMutator {
    private var random: Xoshiro256

    /// Numbers a reader must refuse or survive: zero and one, signs, the bounds of the common
    /// integer types, just past the largest tick a Seeds entry may state (10¹²), and values
    /// whose product or sum with another overflows.
    static let extremes: [String] = [
        "0", "1", "-1", "2", "9", "10", "-10", "99", "100", "255", "1000", "4096", "65535", "65536",
        "2147483647", "2147483648", "-2147483649", "4294967296", "999999999999", "1000000000000",
        "1000000000001", "-1000000000000", "-1000000000001", "9007199254740993",
        "4611686018427387904", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "18446744073709551615", "1e308", "1e400", "-0", "00", "0.5",
    ]

    public init(seed: UInt64) { random = Xoshiro256(seed: seed) }

    /// A number below `bound` (at least 1).
    public mutating func below(_ bound: Int) -> Int { Int(random.next(below: UInt64(max(1, bound)))) }

    /// `input` with one mutation applied, no longer than `maxSize` bytes.
    public mutating func mutate(_ input: [UInt8], maxSize: Int) -> [UInt8] {
        var bytes = input
        switch below(10) {
        case 0, 1, 2: bytes = replaceNumber(bytes)
        case 3: bytes = repeatLine(bytes)
        case 4: bytes = dropLine(bytes)
        case 5: bytes = swapLines(bytes)
        case 6: bytes = changeLineEnding(bytes)
        case 7: bytes = insertMarble(bytes)
        case 8: bytes = repeatSpan(bytes)
        default: bytes = flipByte(bytes)
        }
        return bytes.count > maxSize ? Array(bytes.prefix(maxSize)) : bytes
    }

    /// The ranges of decimal integers (with a leading minus) in `bytes`.
    static func numbers(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let isDigit = (48...57).contains(bytes[index])
            let isSignedStart = bytes[index] == 45 && index + 1 < bytes.count && (48...57).contains(bytes[index + 1])
            guard isDigit || isSignedStart else { index += 1; continue }
            let start = index
            index += 1
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            ranges.append(start..<index)
        }
        return ranges
    }

    private mutating func replaceNumber(_ bytes: [UInt8]) -> [UInt8] {
        let numbers = Self.numbers(in: bytes)
        guard !numbers.isEmpty else { return flipByte(bytes) }
        let range = numbers[below(numbers.count)]
        let old = Int(String(decoding: bytes[range], as: UTF8.self)) ?? 0
        let replacement: String
        switch below(4) {
        case 0: replacement = String(old &+ (below(2) == 0 ? 1 : -1))
        case 1: replacement = String(old.multipliedReportingOverflow(by: 10).partialValue)
        default: replacement = Self.extremes[below(Self.extremes.count)]
        }
        var result = bytes
        result.replaceSubrange(range, with: Array(replacement.utf8))
        return result
    }

    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 10, omittingEmptySubsequences: false)
    }

    private static func joined(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        Array(lines.joined(separator: [10]))
    }

    private mutating func repeatLine(_ bytes: [UInt8]) -> [UInt8] {
        var lines = Self.lines(bytes)
        guard !lines.isEmpty else { return bytes }
        let index = below(lines.count)
        let copies = [1, 1, 2, 7, 63][below(5)]
        lines.insert(contentsOf: repeatElement(lines[index], count: copies), at: index)
        return Self.joined(lines)
    }

    private mutating func dropLine(_ bytes: [UInt8]) -> [UInt8] {
        var lines = Self.lines(bytes)
        guard lines.count > 1 else { return bytes }
        lines.remove(at: below(lines.count))
        return Self.joined(lines)
    }

    private mutating func swapLines(_ bytes: [UInt8]) -> [UInt8] {
        var lines = Self.lines(bytes)
        guard lines.count > 1 else { return bytes }
        lines.swapAt(below(lines.count), below(lines.count))
        return Self.joined(lines)
    }

    /// CRLF for every line, one line, or a trailing CR.
    private mutating func changeLineEnding(_ bytes: [UInt8]) -> [UInt8] {
        switch below(3) {
        case 0: return Array(Self.lines(bytes).map { Array($0) }.joined(separator: [13, 10]))
        case 1:
            var lines = Self.lines(bytes)
            guard !lines.isEmpty else { return bytes }
            let index = below(lines.count)
            lines[index] = lines[index] + [13]
            return Self.joined(lines)
        default: return bytes + [13]
        }
    }

    private mutating func insertMarble(_ bytes: [UInt8]) -> [UInt8] {
        let characters = Array("-()|#^! abz019x=:".utf8)
        var result = bytes
        result.insert(characters[below(characters.count)], at: below(bytes.count + 1))
        return result
    }

    /// A span of the input repeated in place, up to 64 times: long lines and long lists.
    private mutating func repeatSpan(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        let start = below(bytes.count)
        let length = 1 + below(min(16, bytes.count - start))
        var result = bytes
        result.insert(contentsOf: Array(repeatElement(bytes[start..<(start + length)], count: 1 + below(64)).joined()), at: start)
        return result
    }

    private mutating func flipByte(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [UInt8(truncatingIfNeeded: below(256))] }
        var result = bytes
        result[below(bytes.count)] = UInt8(truncatingIfNeeded: below(256))
        return result
    }
}
