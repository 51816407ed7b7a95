// swift-tools-version:6.0
import PackageDescription

// The RxSwift bridge (Bridge/), compiled and tested in CI against RxCheck's own RxCore and
// RxTestKit, seen as RxSwift and RxTest through two one-line shim modules that re-export them:
// they mirror RxSwift's and RxTest's API, so the very same files build here and, in a package of
// a user's that depends on RxSwift, against RxSwift itself. This package depends on no RxSwift.
let package = Package(
    name: "RxSwiftBridge",
    products: [
        .library(name: "RxSwiftBridge", targets: ["RxSwiftBridge"]),
        .library(name: "RxCheckRxSwift", targets: ["RxCheckRxSwift"]),
        .library(name: "RxSwiftCatalog", targets: ["RxSwiftCatalog"]),
        .executable(name: "rxcheck-rxswift", targets: ["rxcheck-rxswift"]),
    ],
    dependencies: [
        .package(name: "RxCheck", path: "../.."),
    ],
    targets: [
        .target(name: "RxSwift", dependencies: [.product(name: "RxCore", package: "RxCheck")], path: "Shims/RxSwift"),
        .target(name: "RxTest", dependencies: ["RxSwift", .product(name: "RxTestKit", package: "RxCheck")], path: "Shims/RxTest"),
        .target(name: "RxSwiftBridge", dependencies: ["RxSwift", "RxTest"], path: "Bridge"),
        // RxCheck's side: scenarios to the bridge's values and outcomes back.
        .target(name: "RxCheckRxSwift", dependencies: [
            "RxSwiftBridge",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
        ], path: "Check"),
        // The catalog for RxSwift: each spec's build in RxSwift's terms, judged by its model.
        .target(name: "RxSwiftCatalog", dependencies: [
            "RxSwift", "RxSwiftBridge", "RxCheckRxSwift",
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
            .product(name: "RxCheckProperties", package: "RxCheck"),
        ], path: "Catalog"),
        .executableTarget(name: "rxcheck-rxswift", dependencies: [
            "RxSwiftCatalog", .product(name: "RxCheckCLI", package: "RxCheck"),
        ], path: "Command"),
        .testTarget(name: "RxSwiftBridgeTests", dependencies: [
            "RxSwiftBridge", "RxCheckRxSwift", "RxSwiftCatalog", "rxcheck-rxswift",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
            .product(name: "RxModels", package: "RxCheck"),
            .product(name: "RxCheckTesting", package: "RxCheck"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
