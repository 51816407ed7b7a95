import Foundation
import RxCheck
import RxTestKit

enum ListCommand {
    static var help: String { """
    usage: \(CLI.tool.name) list [--json]

    Lists every property, grouped by operator, with its one-line description.

      --json    one JSON array of {name, operator, summary}
    """ }

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, command: "list", valued: [], bare: ["--json", "--help", "-h"])
        if arguments.has("--help") || arguments.has("-h") { print(help); return ExitStatus.passed }
        if let extra = arguments.positionals.first { throw UsageError("list: unexpected argument '\(extra)'") }
        let properties = CLI.properties
        if arguments.has("--json") {
            struct Row: Encodable { let name: String; let `operator`: String; let summary: String }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(properties.map { Row(name: $0.name, operator: $0.group, summary: $0.summary) })
            print(String(decoding: data, as: UTF8.self))
            return ExitStatus.passed
        }
        var group = ""
        let width = properties.map(\.name.count).max() ?? 0
        for property in properties {
            if property.group != group {
                group = property.group
                print(group)
            }
            print("  " + property.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + property.summary)
        }
        print("\(properties.count) properties over \(Set(properties.map(\.group)).count) operators")
        return ExitStatus.passed
    }
}
