import AsyncAlgorithmsProperties
import Foundation
import RxCheckCLI

let tool = Tool(
    name: "rxcheck-async",
    tagline: "property-based stress testing of swift-async-algorithms under a seeded schedule",
    properties: { AsyncCatalog.all },
    replayCommand: AsyncCatalog.replayCommand,
    catalogLookup: "AsyncCatalog.property"
)

exit(CLI.main(tool))
