/// A set of non-negative indices (subscription ids, source positions) that models mark one by
/// one: the first 64 as bits, with no array to allocate in the usual case, the rest as marks in
/// an array grown when first needed.
struct IndexFlags {
    private var bits: UInt64 = 0
    private var beyond: [Bool] = []

    /// True when `index` is marked; a negative index never is.
    func contains(_ index: Int) -> Bool {
        if index < 64 { return index >= 0 && bits & (1 << UInt64(index)) != 0 }
        return index - 64 < beyond.count && beyond[index - 64]
    }

    /// Marks `index` (not negative).
    mutating func insert(_ index: Int) {
        if index < 64 { return bits |= 1 << UInt64(index) }
        while beyond.count <= index - 64 { beyond.append(false) }
        beyond[index - 64] = true
    }

    /// True when every index below `count` is marked, `except` aside.
    func containsAll(below count: Int, except: Int? = nil) -> Bool {
        let low: UInt64 = count >= 64 ? .max : (1 << UInt64(count)) - 1
        let wanted = except.map { $0 < 64 ? low & ~(1 << UInt64($0)) : low } ?? low
        guard bits & wanted == wanted else { return false }
        return count <= 64 || (64..<count).allSatisfy { $0 == except || contains($0) }
    }
}
