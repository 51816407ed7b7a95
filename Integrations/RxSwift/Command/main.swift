// rxcheck-rxswift: RxCheck's catalog against RxSwift, through the bridge. Built in a package that
// depends on RxSwift (Integrations/RxSwift/README.md), it checks RxSwift itself; built here, in
// CI, against RxCheck's own core through the shims.

import Foundation
import RxCheckCLI
import RxSwiftCatalog

let tool = Tool(
    name: "rxcheck-rxswift",
    tagline: "RxCheck's property catalog against RxSwift, through the bridge "
        + "(RxSwift's known bugs, FINDINGS.md, expected by their rules)",
    properties: { RxSwiftCatalog.all },
    replayCommand: RxSwiftCatalog.replayCommand,
    catalogLookup: "RxSwiftCatalog.property"
)

exit(CLI.main(tool))
