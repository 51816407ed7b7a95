enum BenchCommand {
    static func run(_ words: [String]) throws -> Int32 {
        throw UsageError("bench: not available yet")
    }
}
