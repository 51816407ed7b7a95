// A merge of two sources written the way such operators often are — one task per source
// feeding a mailbox the consumer reads — with a switch for each of three classic mistakes.
// Correct with every switch off; the mutants turn one on. Not thread-safe: the seeded executor
// runs every job on one thread, and a mutant needs nothing more.

/// `merge(a, b)` through a mailbox. With `overwrites`, an element that arrives while another
/// waits in the mailbox replaces it (lost under some interleavings); with `!cancelsUpstream`,
/// its source tasks outlive the consumer; with `!wakesOnFinish`, the consumer waiting when the
/// last source finishes is never resumed (a hang).
public struct MutantMerge<A: AsyncSequence, B: AsyncSequence>: AsyncSequence where A.Element == Int, B.Element == Int {
    public typealias Element = Int

    let a: A
    let b: B
    let overwrites: Bool
    let cancelsUpstream: Bool
    let wakesOnFinish: Bool

    /// A merge of `a` and `b` with the mistakes switched on.
    public init(_ a: A, _ b: B, overwrites: Bool = false, cancelsUpstream: Bool = true, wakesOnFinish: Bool = true) {
        self.a = a
        self.b = b
        self.overwrites = overwrites
        self.cancelsUpstream = cancelsUpstream
        self.wakesOnFinish = wakesOnFinish
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(mailbox: Mailbox(a: a, b: b, overwrites: overwrites, cancelsUpstream: cancelsUpstream, wakesOnFinish: wakesOnFinish))
    }

    /// Reads the mailbox; the first call starts the source tasks.
    public struct Iterator: AsyncIteratorProtocol {
        let mailbox: Mailbox<A, B>

        public mutating func next() async throws -> Int? {
            try await mailbox.next()
        }
    }
}

/// The shared state of one `MutantMerge` iteration.
public final class Mailbox<A: AsyncSequence, B: AsyncSequence>: @unchecked Sendable where A.Element == Int, B.Element == Int {
    let a: A
    let b: B
    let overwrites: Bool
    let cancelsUpstream: Bool
    let wakesOnFinish: Bool
    var queue: [Int] = []
    var finished = 0
    var failure: Error?
    var ended = false
    var waiter: CheckedContinuation<Int?, Error>?
    var tasks: [Task<Void, Never>] = []

    init(a: A, b: B, overwrites: Bool, cancelsUpstream: Bool, wakesOnFinish: Bool) {
        self.a = a
        self.b = b
        self.overwrites = overwrites
        self.cancelsUpstream = cancelsUpstream
        self.wakesOnFinish = wakesOnFinish
    }

    deinit {
        if cancelsUpstream { for task in tasks { task.cancel() } }
    }

    func next() async throws -> Int? {
        if tasks.isEmpty && !ended {
            tasks = [pump(a), pump(b)]
        }
        if ended { return nil }
        if !queue.isEmpty { return queue.removeFirst() }
        if let failure {
            ended = true
            stop()
            throw failure
        }
        if finished == 2 {
            ended = true
            return nil
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    waiter = continuation
                }
            }
        } onCancel: {
            if let waiter {
                self.waiter = nil
                ended = true
                stop()
                waiter.resume(returning: nil)
            }
        }
    }

    private func pump<Source: AsyncSequence>(_ source: Source) -> Task<Void, Never> where Source.Element == Int {
        // Weakly held: the iterator's release (deinit) is what cancels the tasks.
        Task { [weak self] in
            do {
                for try await element in source { self?.put(element) }
                self?.finish()
            } catch {
                self?.fail(error)
            }
        }
    }

    private func put(_ element: Int) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: element)
        } else if overwrites && !queue.isEmpty {
            queue[queue.count - 1] = element
        } else {
            queue.append(element)
        }
    }

    private func finish() {
        finished += 1
        guard finished == 2, queue.isEmpty, wakesOnFinish, let waiter else { return }
        self.waiter = nil
        ended = true
        waiter.resume(returning: nil)
    }

    private func fail(_ error: Error) {
        guard failure == nil else { return }
        failure = error
        if let waiter {
            self.waiter = nil
            ended = true
            stop()
            waiter.resume(throwing: error)
        }
    }

    private func stop() {
        if cancelsUpstream { for task in tasks { task.cancel() } }
    }
}
