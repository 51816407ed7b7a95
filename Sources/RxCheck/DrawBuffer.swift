import RxCore

/// What drawing a case appends to as it goes (its choices, a timeline's events, their tie
/// priorities): raw storage whose append checks only for room, where an array's also asks the
/// runtime at every element whether its storage is shared. Plain values only (nothing to
/// release); whoever makes one frees it (`free`).
struct DrawBuffer<Element> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        precondition(_isPOD(Element.self), "a draw buffer holds plain values")
        self.capacity = max(1, capacity)
        base = Self.allocate(self.capacity)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        RawBlock.allocate(byteCount: capacity * MemoryLayout<Element>.stride, alignment: MemoryLayout<Element>.alignment)
            .bindMemory(to: Element.self, capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Doubles the room, keeping what it holds.
    @inline(never)
    private mutating func grow() { reserveCapacity(2 * capacity) }

    /// Room for at least `minimum` in all, keeping what it holds.
    mutating func reserveCapacity(_ minimum: Int) {
        guard minimum > capacity else { return }
        let larger = Self.allocate(minimum)
        larger.moveInitialize(from: base, count: count)
        RawBlock.deallocate(base, alignment: MemoryLayout<Element>.alignment)
        base = larger
        capacity = minimum
    }

    /// Empties it, keeping its room.
    mutating func removeAll() { count = 0 }

    /// What it holds, valid until the next append or `free`.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// What it holds, as an array of its own.
    func array() -> [Element] { Array(elements) }

    func free() { RawBlock.deallocate(base, alignment: MemoryLayout<Element>.alignment) }
}
