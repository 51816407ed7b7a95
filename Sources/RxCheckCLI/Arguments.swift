import RxCheck

/// A usage or input error: one line for stderr, exit status 2.
public struct UsageError: Error, CustomStringConvertible {
    /// The line, without the tool's name.
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The parsed words of one command: flags with values, bare flags, positionals. Every flag
/// must be declared; anything else is an error naming it.
public struct Arguments {
    private(set) var values: [String: String] = [:]
    private(set) var switches: Set<String> = []
    /// The words that are not flags, in order.
    public private(set) var positionals: [String] = []

    /// Parses `words` for `command`, which takes the flags in `valued` (followed by a value)
    /// and `bare` (on/off). `--flag=value` is accepted too; `--` ends the flags.
    public init(_ words: [String], command: String, valued: Set<String>, bare: Set<String>) throws {
        var index = 0
        var flagsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if flagsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" { flagsEnded = true; continue }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            if bare.contains(name) {
                if inline != nil { throw UsageError("\(command): \(name) takes no value") }
                switches.insert(name)
            } else if valued.contains(name) {
                if let inline {
                    values[name] = inline
                } else {
                    guard index < words.count else { throw UsageError("\(command): \(name) needs a value") }
                    values[name] = words[index]
                    index += 1
                }
            } else {
                let known = (valued.union(bare)).sorted()
                let hint = closest(name, in: known).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("\(command): unknown option \(name)\(hint); see '\(CLI.tool.name) \(command) --help'")
            }
        }
    }

    /// Whether a bare flag was given.
    public func has(_ flag: String) -> Bool { switches.contains(flag) }

    /// A valued flag's text, if given.
    public func string(_ flag: String) -> String? { values[flag] }

    /// A positive whole number, or an error naming the flag.
    public func positiveInt(_ flag: String, command: String) throws -> Int? {
        guard let text = values[flag] else { return nil }
        guard let value = Int(text), value > 0 else {
            throw UsageError("\(command): \(flag) needs a positive whole number, got '\(text)'")
        }
        return value
    }

    /// A number of cases: a positive whole number up to `RunOptions.maximumCases`.
    public func caseCount(_ flag: String, command: String) throws -> Int? {
        guard let value = try positiveInt(flag, command: command) else { return nil }
        guard value <= RunOptions.maximumCases else {
            throw UsageError("\(command): \(flag) takes at most \(RunOptions.maximumCases) cases, got '\(value)'")
        }
        return value
    }

    /// A whole number of 0 or more.
    public func nonNegativeInt(_ flag: String, command: String) throws -> Int? {
        guard let text = values[flag] else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw UsageError("\(command): \(flag) needs a whole number of 0 or more, got '\(text)'")
        }
        return value
    }

    /// The most seconds one check may run before it counts as a runaway: `--timeout S`
    /// (default 60; 0 turns the limit off; at most a day).
    public func timeout(command: String) throws -> Int {
        guard let value = try nonNegativeInt("--timeout", command: command) else { return 60 }
        guard value <= 86_400 else { throw UsageError("\(command): --timeout takes at most 86400 seconds, got '\(value)'") }
        return value
    }

    /// A 64-bit seed in hex.
    public func seed(_ flag: String, command: String) throws -> UInt64? {
        guard let text = values[flag] else { return nil }
        guard let seed = SeedFormat.parse(text) else {
            throw UsageError("\(command): \(flag) needs a seed of 1 to 16 hex digits, got '\(text)'")
        }
        return seed
    }
}

/// Edit distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// The closest of `candidates` to `word`, if reasonably close.
func closest(_ word: String, in candidates: [String]) -> String? {
    closestNames(word, in: candidates, limit: 1).first
}

/// Up to `limit` candidates close to `word`, closest first (ties in the given order).
func closestNames(_ word: String, in candidates: [String], limit: Int = 3) -> [String] {
    let scored = candidates.enumerated().map { (offset: $0.offset, name: $0.element, distance: editDistance(word, $0.element)) }
    let threshold = max(2, word.count / 3)
    return scored.filter { $0.distance <= threshold || $0.name.lowercased().hasPrefix(word.lowercased()) }
        .sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
        .prefix(limit)
        .map(\.name)
}

/// Parses a duration like `90s`, `15m`, `8h`, `1h30m` or a number of seconds; nil for anything
/// else, including zero and values that are not finite.
func parseDuration(_ text: String) -> Double? {
    if let seconds = Double(text) { return seconds > 0 && seconds.isFinite ? seconds : nil }
    var total = 0.0
    var number = ""
    for character in text {
        if character.isNumber || character == "." {
            number.append(character)
        } else {
            guard let value = Double(number) else { return nil }
            switch character {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3_600
            case "d": total += value * 86_400
            default: return nil
            }
            number = ""
        }
    }
    guard number.isEmpty, total > 0, total.isFinite else { return nil }
    return total
}
