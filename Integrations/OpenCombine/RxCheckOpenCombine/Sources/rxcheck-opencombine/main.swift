import Foundation
import OpenCombineMutants
import OpenCombineProperties
import RxCheckCLI

let tool = Tool(
    name: "rxcheck-opencombine",
    tagline: "property-based stress testing of OpenCombine's operators",
    properties: { OpenCombineCatalog.all },
    // The mutants, as `mutant.<name>.<property>`: RXCHECK_SELFTEST=1 shows how each is caught.
    selfTest: {
        CombineMutant.all.flatMap { mutant in
            OpenCombineCatalog.spec(mutant.spec).map { $0.with(name: "mutant.\(mutant.name)", build: mutant.build).properties } ?? []
        }
    },
    replayCommand: OpenCombineCatalog.replayCommand,
    catalogLookup: "OpenCombineCatalog.property",
    commands: [Tool.Command(name: "bench", summary: "cases per second of the standard two-source case, beside RxCheck's core",
                            run: Bench.run)],
    findingsSeen: OpenCombineCatalog.findingsSeen
)

exit(CLI.main(tool))
