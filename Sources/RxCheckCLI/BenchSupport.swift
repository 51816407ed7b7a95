import Foundation

/// What an integration's `bench` command shares with every other: its two options and a
/// timer. (The case mix is `ScenarioShape.standardCase`.)
public enum BenchSupport {
    /// The options of `<tool> bench`: `--quick` (fewer cases) and `--json` (one JSON object).
    public struct Options {
        /// Fewer cases, for a quick look.
        public var quick = false
        /// One JSON object instead of the table.
        public var json = false
    }

    /// `arguments` as options; nil after printing `usage` (for `--help`, status 0) or an error
    /// naming the unknown option (status 2), with the status in `status`.
    public static func options(_ arguments: [String], tool: String, usage: String, status: inout Int32) -> Options? {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            status = ExitStatus.passed
            return nil
        }
        if let unknown = arguments.first(where: { $0 != "--quick" && $0 != "--json" }) {
            FileHandle.standardError.write(Data("\(tool): bench: unknown option '\(unknown)'\n\(usage)\n".utf8))
            status = ExitStatus.usage
            return nil
        }
        return Options(quick: arguments.contains("--quick"), json: arguments.contains("--json"))
    }

    /// Seconds `body` takes, on the monotonic clock.
    public static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// `result` as one line of JSON, keys sorted.
    public static func json(_ result: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self)
    }
}
