import Foundation
import OpenCombineMutants
import OpenCombineProperties
import RxCheckCLI

let tool = Tool(
    name: "rxcheck-opencombine",
    tagline: "property-based stress testing of OpenCombine's operators",
    properties: { OpenCombineCatalog.all },
    selfTest: { CombineMutant.all.flatMap(\.properties) },
    replayCommand: OpenCombineCatalog.replayCommand,
    catalogLookup: "OpenCombineCatalog.property"
)

exit(CLI.main(tool))
