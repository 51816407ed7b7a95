// swift-tools-version:6.0
import PackageDescription

// RxCheck pointed at swift-async-algorithms: its operators run as real Swift tasks on a seeded,
// single-threaded executor and a virtual clock. This package depends on swift-async-algorithms
// and on RxCheck (by path); the root package depends on neither.
let package = Package(
    name: "RxCheckAsyncAlgorithms",
    products: [
        .library(name: "RxCheckAsync", targets: ["RxCheckAsync"]),
        .library(name: "AsyncAlgorithmsModels", targets: ["AsyncAlgorithmsModels"]),
        .library(name: "AsyncAlgorithmsProperties", targets: ["AsyncAlgorithmsProperties"]),
        .executable(name: "rxcheck-async", targets: ["rxcheck-async"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
        .package(name: "RxCheck", path: "../../.."),
    ],
    targets: [
        // The runtime's global-enqueue hook, in C: the one entry point the seeded executor needs.
        .target(name: "CJobHook"),
        // The seeded executor, the virtual clock, sources from a scenario and the harness.
        .target(name: "RxCheckAsync", dependencies: [
            "CJobHook", "AsyncAlgorithmsModels",
            .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The library's documented behaviour as pure functions of a scenario: no async code in them.
        .target(name: "AsyncAlgorithmsModels", dependencies: [
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
        ]),
        // Deliberately broken async operators: the catalog must catch and shrink each.
        .target(name: "AsyncAlgorithmsMutants", dependencies: [
            "RxCheckAsync",
            .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "AsyncAlgorithmsProperties", dependencies: [
            "RxCheckAsync", "AsyncAlgorithmsModels",
            .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "rxcheck-async", dependencies: [
            "AsyncAlgorithmsProperties", "AsyncAlgorithmsMutants", "AsyncAlgorithmsModels", "RxCheckAsync",
            .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            .product(name: "RxCheckCLI", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxModels", package: "RxCheck"),
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "RxCheckAsyncTests", dependencies: [
            "RxCheckAsync",
            .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Models held against hand-derived timelines, never against the operators they judge.
        .testTarget(name: "AsyncAlgorithmsModelsTests", dependencies: [
            "AsyncAlgorithmsModels",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
        ]),
        .testTarget(name: "AsyncAlgorithmsPropertiesTests", dependencies: [
            "AsyncAlgorithmsProperties", "AsyncAlgorithmsMutants", "AsyncAlgorithmsModels", "RxCheckAsync", "rxcheck-async",
            .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
            .product(name: "RxCheckTesting", package: "RxCheck"),
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
    ],
    swiftLanguageModes: [.v6]
)
