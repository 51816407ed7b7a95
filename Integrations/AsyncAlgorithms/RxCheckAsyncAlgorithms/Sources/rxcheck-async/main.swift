import AsyncAlgorithmsMutants
import AsyncAlgorithmsProperties
import Foundation
import RxCheckCLI

let tool = Tool(
    name: "rxcheck-async",
    tagline: "property-based stress testing of swift-async-algorithms under a seeded schedule (known findings tolerated by their rules)",
    properties: { AsyncCatalog.all },
    // The mutants, as `mutant.<name>.<property>`: RXCHECK_SELFTEST=1 shows how each is caught
    // (and how nightly survives the two that trap or deadlock).
    selfTest: {
        (AsyncMutant.all + AsyncMutant.workerKillers).flatMap { mutant in
            AsyncCatalog.spec(mutant.spec).map { $0.with(name: "mutant.\(mutant.name)", build: mutant.build).properties } ?? []
        }
    },
    replayCommand: AsyncCatalog.replayCommand,
    catalogLookup: "AsyncCatalog.property",
    commands: [Tool.Command(name: "bench", summary: "cases per second of the standard combineLatest case, beside RxCheck's core",
                            run: Bench.run)],
    knownFailure: { property in
        AsyncCatalog.knownFailures[property].map { "swift-async-algorithms finding \($0) (Integrations/AsyncAlgorithms/FINDINGS.md)" }
    }
)

exit(CLI.main(tool))
