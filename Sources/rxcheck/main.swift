import Foundation
import RxCheckCLI
import RxCheckProperties

let rxcheck = Tool(
    name: "rxcheck",
    tagline: "property-based stress testing for reactive operators",
    properties: { Catalog.all },
    selfTest: { Catalog.selfTest },
    replayCommand: Catalog.replayCommand,
    catalogLookup: "Catalog.property",
    commands: [Tool.Command(name: "bench", summary: "measure the scheduler, the engine and the shrinker", run: BenchCommand.run)]
)

exit(CLI.main(rxcheck))
