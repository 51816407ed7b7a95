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
        .testTarget(name: "RxSwiftBridgeTests", dependencies: [
            "RxSwiftBridge", "RxCheckRxSwift",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
            .product(name: "RxModels", package: "RxCheck"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
