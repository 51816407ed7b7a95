// What a source saw of the code iterating it: each iterator made, and how and when its
// iteration ended. Apart from the sources so that the outcome can be read without them.

import RxTestKit

/// How an iteration of a source ended.
public enum IterationEnd: String, Equatable, Sendable {
    /// `next()` returned nil: the source finished.
    case finished
    /// `next()` threw the source's error.
    case threw
    /// The iterating task was cancelled while waiting in `next()`.
    case cancelled
    /// The iterator was released without reaching the end (nobody will ask again).
    case released
}

/// One iteration of a source: when its iterator was made, and when and how it ended (nil while
/// it has not).
public struct Iteration: Equatable, Sendable, CustomStringConvertible {
    /// The tick the iterator was made.
    public var made: Int
    /// The tick the iteration ended, and how.
    public var end: (tick: Int, how: IterationEnd)?
    /// Whether a call to `next()` is waiting right now.
    public var isWaiting = false

    /// Same ticks, same way of ending, same waiting.
    public static func == (lhs: Iteration, rhs: Iteration) -> Bool {
        lhs.made == rhs.made && lhs.end?.tick == rhs.end?.tick && lhs.end?.how == rhs.end?.how && lhs.isWaiting == rhs.isWaiting
    }

    /// As a subscription log entry: made to ended (`Int.max` while open).
    public var subscription: Subscription { Subscription(made, end?.tick ?? .max) }

    public var description: String {
        guard let end else { return "(\(made), open\(isWaiting ? ", waiting in next()" : ""))" }
        return "(\(made), \(end.tick) \(end.how.rawValue))"
    }
}

/// The iterations of one source during a run, in the order their iterators were made.
public final class IterationLog: @unchecked Sendable {
    /// Every iteration so far.
    public private(set) var iterations: [Iteration] = []
    private let executor: SeededExecutor

    init(_ executor: SeededExecutor) { self.executor = executor }

    func checkThread() { executor.checkThread() }

    func made() -> Int {
        iterations.append(Iteration(made: executor.now))
        return iterations.count - 1
    }

    func ended(_ index: Int, _ how: IterationEnd) {
        guard iterations[index].end == nil else { return }
        iterations[index].end = (executor.now, how)
        iterations[index].isWaiting = false
    }

    func waiting(_ index: Int, _ flag: Bool) { iterations[index].isWaiting = flag }
}

/// A source as the code under test sees it: `base`, with every iteration logged. It changes
/// nothing about what `base` delivers.
public struct LoggedSequence<Base: AsyncSequence>: AsyncSequence, @unchecked Sendable {
    public typealias Element = Base.Element

    let base: Base
    let log: IterationLog

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), token: IterationToken(log: log, index: log.made()))
    }

    /// Passes `base`'s elements on, noting when it waits, ends or is cancelled.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let token: IterationToken

        public mutating func next() async throws -> Element? {
            let token = token
            token.log.checkThread()
            token.log.waiting(token.index, true)
            do {
                let element = try await withTaskCancellationHandler {
                    try await base.next()
                } onCancel: {
                    token.cancelled = true
                }
                token.log.waiting(token.index, false)
                if element == nil { token.log.ended(token.index, token.cancelled ? .cancelled : .finished) }
                return element
            } catch {
                token.log.ended(token.index, token.cancelled || error is CancellationError ? .cancelled : .threw)
                throw error
            }
        }
    }
}

/// Ends an iteration as released when its iterator goes away before the end.
final class IterationToken: @unchecked Sendable {
    let log: IterationLog
    let index: Int
    var cancelled = false

    init(log: IterationLog, index: Int) {
        self.log = log
        self.index = index
    }

    deinit { log.ended(index, .released) }
}
