import RxCore

/// A malformed marble diagram: what is wrong and at which column (1-based).
public struct MarbleSyntaxError: Swift.Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The 1-based column of the offending character.
    public let column: Int
    /// The diagram as given.
    public let marble: String

    /// An error at `column` (1-based) of `marble`.
    public init(message: String, column: Int, marble: String) {
        self.message = message
        self.column = column
        self.marble = marble
    }

    /// `column 4: no value for 'x'`, the diagram, and a caret under the column.
    public var description: String {
        "column \(column): \(message)\n  \(marble)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
    }
}

/// Marble diagrams in RxJS's notation.
///
/// - `-` one frame of `ticksPerFrame` ticks; spaces are ignored.
/// - any other letter or digit: a `next` whose value comes from `values` (for `Int`, digits
///   stand for themselves when `values` has no entry).
/// - `|` completed, `#` error.
/// - `(ab)` several events in one frame, in that order. Deviation from RxJS: a group takes one
///   frame, not one per character, so diagrams printed from any timeline line up with time.
/// - `^` the subscription point of a hot source (its frame is `origin`; earlier frames are
///   before it) and, in subscription diagrams, where a subscription starts; `!` where it ends.
///   `^` takes a frame of its own; an event at the subscription tick goes in a group with it.
public enum Marbles {
    private enum Token {
        case value(Character)
        case completed
        case error
        case subscribe
        case unsubscribe
    }

    private struct Frame {
        var index: Int
        var tokens: [(token: Token, column: Int)]
    }

    private static func scan(_ marble: String) throws -> (frames: [Frame], subscribeFrame: Int?) {
        var frames: [Frame] = []
        var frame = 0
        var group: Frame?
        var groupColumn = 0
        var subscribeFrame: Int?
        var column = 0
        for character in marble {
            column += 1
            func fail(_ message: String) -> MarbleSyntaxError {
                MarbleSyntaxError(message: message, column: column, marble: marble)
            }
            let token: Token
            switch character {
            case " ": continue
            case "-":
                if group != nil { throw fail("'-' inside a group") }
                frame += 1
                continue
            case "(":
                if group != nil { throw fail("nested '('") }
                group = Frame(index: frame, tokens: [])
                groupColumn = column
                continue
            case ")":
                guard let open = group else { throw fail("')' without '('") }
                if open.tokens.isEmpty { throw fail("empty group") }
                frames.append(open)
                group = nil
                frame += 1
                continue
            case "|": token = .completed
            case "#": token = .error
            case "^":
                if subscribeFrame != nil { throw fail("a second '^'") }
                subscribeFrame = frame
                token = .subscribe
            case "!": token = .unsubscribe
            default:
                guard character.isLetter || character.isNumber else {
                    throw fail("unexpected character '\(character)'")
                }
                token = .value(character)
            }
            if group != nil {
                group!.tokens.append((token, column))
            } else {
                frames.append(Frame(index: frame, tokens: [(token, column)]))
                frame += 1
            }
        }
        if group != nil {
            throw MarbleSyntaxError(message: "'(' is never closed", column: groupColumn, marble: marble)
        }
        return (frames, subscribeFrame)
    }

    /// Parses a source or output diagram into recorded events. The frame of `^` (or frame 0
    /// when there is none) is at tick `origin`.
    public static func events<Element>(
        _ marble: String, values: [Character: Element] = [:], error: Swift.Error = TestError(),
        ticksPerFrame: Int = 10, origin: TestTime = 0
    ) throws -> [Recorded<Event<Element>>] {
        precondition(ticksPerFrame > 0, "ticksPerFrame must be positive")
        let (frames, subscribeFrame) = try scan(marble)
        let zero = subscribeFrame ?? 0
        var result: [Recorded<Event<Element>>] = []
        var terminated = false
        for frame in frames {
            for (token, column) in frame.tokens {
                func fail(_ message: String) -> MarbleSyntaxError {
                    MarbleSyntaxError(message: message, column: column, marble: marble)
                }
                guard let time = tick(of: frame.index - zero, ticksPerFrame: ticksPerFrame, origin: origin) else {
                    throw fail("the tick of this frame is beyond the range of TestTime")
                }
                let event: Event<Element>
                switch token {
                case .subscribe: continue
                case .unsubscribe: throw fail("'!' belongs in subscription diagrams")
                case .completed: event = .completed
                case .error: event = .error(error)
                case .value(let character):
                    if let value = values[character] {
                        event = .next(value)
                    } else if let digit = character.wholeNumberValue, let value = digit as? Element {
                        event = .next(value)
                    } else {
                        throw fail("no value for '\(character)'")
                    }
                }
                if terminated { throw fail("event after a terminal event") }
                terminated = event.isStopEvent
                result.append(Recorded(time: time, value: event))
            }
        }
        return result
    }

    /// Parses a subscription diagram (`^` start, `!` end, nothing else but frames) relative
    /// to `origin` (the tick of frame 0).
    public static func subscription(_ marble: String, ticksPerFrame: Int = 10, origin: TestTime = 0) throws -> Subscription {
        precondition(ticksPerFrame > 0, "ticksPerFrame must be positive")
        let (frames, _) = try scan(marble)
        var start: TestTime?
        var end: TestTime?
        for frame in frames {
            for (token, column) in frame.tokens {
                guard let time = tick(of: frame.index, ticksPerFrame: ticksPerFrame, origin: origin) else {
                    throw MarbleSyntaxError(message: "the tick of this frame is beyond the range of TestTime",
                                            column: column, marble: marble)
                }
                switch token {
                case .subscribe: start = time
                case .unsubscribe:
                    guard start != nil else {
                        throw MarbleSyntaxError(message: "'!' before '^'", column: column, marble: marble)
                    }
                    if end != nil {
                        throw MarbleSyntaxError(message: "a second '!'", column: column, marble: marble)
                    }
                    end = time
                default:
                    throw MarbleSyntaxError(message: "only '^', '!' and '-' belong in subscription diagrams",
                                            column: column, marble: marble)
                }
            }
        }
        guard let start else {
            throw MarbleSyntaxError(message: "no '^'", column: max(1, marble.count), marble: marble)
        }
        return Subscription(start, end ?? Int.max)
    }

    /// `origin + frame * ticksPerFrame`, or nil when it does not fit in a `TestTime`.
    private static func tick(of frame: Int, ticksPerFrame: Int, origin: TestTime) -> TestTime? {
        let (offset, overflowed) = frame.multipliedReportingOverflow(by: ticksPerFrame)
        let (time, overflowedAgain) = origin.addingReportingOverflow(offset)
        return overflowed || overflowedAgain ? nil : time
    }

    /// Prints events as a diagram whose frame 0 is tick `origin`; same-frame events become a
    /// group. With `subscribed`, a `^` marks that tick (hot-source style: then frame 0 is the
    /// `^` frame and `origin` must equal `subscribed` or lie before it on the frame grid).
    ///
    /// Throws when a tick is before `origin` or off the `ticksPerFrame` grid.
    public static func diagram<Element>(
        _ events: [Recorded<Event<Element>>], ticksPerFrame: Int = 10, origin: TestTime = 0,
        subscribed: TestTime? = nil, symbol: (Element) -> Character
    ) throws -> String {
        precondition(ticksPerFrame > 0, "ticksPerFrame must be positive")
        var frames: [(index: Int, symbols: [Character])] = []
        func add(_ character: Character, at time: TestTime) throws {
            let (offset, overflow) = time.subtractingReportingOverflow(origin)
            guard !overflow, offset >= 0, offset % ticksPerFrame == 0 else {
                throw MarbleSyntaxError(
                    message: "tick \(time) is not on the grid of \(ticksPerFrame) ticks from \(origin)",
                    column: 1, marble: "")
            }
            let index = offset / ticksPerFrame
            if let last = frames.last, index < last.index {
                throw MarbleSyntaxError(message: "tick \(time) comes before the event drawn before it", column: 1, marble: "")
            }
            if let last = frames.last, last.index == index {
                frames[frames.count - 1].symbols.append(character)
            } else {
                frames.append((index, [character]))
            }
        }
        var subscribeAdded = subscribed == nil
        for recorded in events {
            if !subscribeAdded, let subscribed, subscribed <= recorded.time {
                try add("^", at: subscribed)
                subscribeAdded = true
            }
            switch recorded.value {
            case .next(let value): try add(symbol(value), at: recorded.time)
            case .completed: try add("|", at: recorded.time)
            case .error: try add("#", at: recorded.time)
            }
        }
        if !subscribeAdded, let subscribed { try add("^", at: subscribed) }
        return render(frames)
    }

    /// Prints a subscription as `^` … `!` relative to `origin`; an open one has no `!`.
    public static func diagram(_ subscription: Subscription, ticksPerFrame: Int = 10, origin: TestTime = 0) throws -> String {
        var frames: [(index: Int, symbols: [Character])] = []
        for (time, character) in [(subscription.subscribe, Character("^")), (subscription.unsubscribe, "!")]
            where time != Int.max {
            let (offset, overflow) = time.subtractingReportingOverflow(origin)
            guard !overflow, offset >= 0, offset % ticksPerFrame == 0 else {
                throw MarbleSyntaxError(
                    message: "tick \(time) is not on the grid of \(ticksPerFrame) ticks from \(origin)",
                    column: 1, marble: "")
            }
            if let last = frames.last, offset / ticksPerFrame < last.index {
                throw MarbleSyntaxError(message: "the subscription ends before it starts", column: 1, marble: "")
            }
            if let last = frames.last, last.index == offset / ticksPerFrame {
                frames[frames.count - 1].symbols.append(character)
            } else {
                frames.append((offset / ticksPerFrame, [character]))
            }
        }
        return render(frames)
    }

    private static func render(_ frames: [(index: Int, symbols: [Character])]) -> String {
        var output = ""
        var next = 0
        for frame in frames {
            output += String(repeating: "-", count: frame.index - next)
            if frame.symbols.count == 1 {
                output.append(frame.symbols[0])
            } else {
                output += "(" + String(frame.symbols) + ")"
            }
            next = frame.index + 1
        }
        return output
    }
}
