extension Array {
    /// `count` copies of `value`, like `init(repeating:count:)`. That initialiser allocates
    /// through a stdlib entry point that is not inlinable, so every call looks the buffer's
    /// type up at run time (hundreds of instructions); this one is compiled for the element
    /// type, which matters for the small per-run arrays of sinks and models.
    @inlinable
    package init(filled value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        for _ in 0..<count { append(value) }
    }
}
