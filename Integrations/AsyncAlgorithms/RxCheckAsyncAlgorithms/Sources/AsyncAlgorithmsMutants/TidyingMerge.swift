// A merge whose mistake only one interleaving shows: the oldest-first order hides it, so the
// shrinker must keep schedule picks to show it.

/// `merge(a, b)` in which each source task puts its element in the mailbox and, when that wakes
/// the waiting consumer, then — after a hop through another task — tidies the mailbox,
/// discarding what is still there. In the oldest-first order the woken consumer runs before the hop comes back and takes
/// the element; if the hop comes back first, the element is lost.
public struct TidyingMerge<A: AsyncSequence, B: AsyncSequence>: AsyncSequence where A.Element == Int, B.Element == Int {
    public typealias Element = Int

    let a: A
    let b: B

    /// A merge of `a` and `b`, with the mistake.
    public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
    }

    public func makeAsyncIterator() -> Iterator { Iterator(box: TidyingBox(a: a, b: b)) }

    /// Reads the mailbox; the first call starts the source tasks.
    public struct Iterator: AsyncIteratorProtocol {
        let box: TidyingBox<A, B>

        public mutating func next() async throws -> Int? { try await box.next() }
    }
}

/// The shared state of one `TidyingMerge` iteration (one thread: the seeded executor's).
public final class TidyingBox<A: AsyncSequence, B: AsyncSequence>: @unchecked Sendable where A.Element == Int, B.Element == Int {
    let a: A
    let b: B
    var mailbox: [Int] = []
    var finished = 0
    var failure: Error?
    var waiter: CheckedContinuation<Void, Never>?
    var tasks: [Task<Void, Never>] = []

    init(a: A, b: B) {
        self.a = a
        self.b = b
    }

    deinit { for task in tasks { task.cancel() } }

    func next() async throws -> Int? {
        if tasks.isEmpty { tasks = [pump(a), pump(b)] }
        while true {
            if !mailbox.isEmpty { return mailbox.removeFirst() }
            if let failure {
                self.failure = nil
                finished = 2
                throw failure
            }
            if finished == 2 || Task.isCancelled { return nil }
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiter = $0 }
            } onCancel: { [self] in
                wake()
            }
        }
    }

    private func wake() {
        guard let waiter else { return }
        self.waiter = nil
        waiter.resume()
    }

    private func pump<Source: AsyncSequence>(_ source: Source) -> Task<Void, Never> where Source.Element == Int {
        Task { [weak self] in
            do {
                for try await element in source {
                    guard let self else { return }
                    mailbox.append(element)
                    guard waiter != nil else { continue }
                    wake()
                    // Having woken the consumer: a hop through another task, then the tidy-up
                    // that discards what the consumer has not taken yet.
                    await withCheckedContinuation { continuation in Task { continuation.resume() } }
                    mailbox.removeAll()
                }
                self?.finished += 1
                self?.wake()
            } catch {
                self?.failure = error
                self?.wake()
            }
        }
    }
}
