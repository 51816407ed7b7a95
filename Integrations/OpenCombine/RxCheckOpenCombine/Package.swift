// swift-tools-version:6.0
import PackageDescription

// RxCheck pointed at OpenCombine, the open-source implementation of Apple's Combine. This
// package depends on OpenCombine and on RxCheck (by path); the root package depends on neither
// this package nor OpenCombine.
let package = Package(
    name: "RxCheckOpenCombine",
    products: [
        .library(name: "RxCheckOpenCombine", targets: ["RxCheckOpenCombine"]),
        .library(name: "OpenCombineModels", targets: ["OpenCombineModels"]),
        .library(name: "OpenCombineProperties", targets: ["OpenCombineProperties"]),
        .executable(name: "rxcheck-opencombine", targets: ["rxcheck-opencombine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(name: "RxCheck", path: "../../.."),
    ],
    targets: [
        // The virtual-time Combine scheduler and the bridges between scenario sources and publishers.
        // (It asks for elements by the models' `DemandScript`, a plain value.)
        .target(name: "RxCheckOpenCombine", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine"), "OpenCombineModels",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
        ]),
        // Combine semantics as pure functions of a scenario: no publisher appears in them.
        .target(name: "OpenCombineModels", dependencies: [
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxModels", package: "RxCheck"),
        ]),
        // Deliberately broken Combine-style operators: the catalog must catch and shrink each.
        .target(name: "OpenCombineMutants", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine"), "RxCheckOpenCombine",
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
        ]),
        .target(name: "OpenCombineProperties", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine"), "RxCheckOpenCombine", "OpenCombineModels",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
        ]),
        .executableTarget(name: "rxcheck-opencombine", dependencies: [
            "OpenCombineProperties", "OpenCombineMutants", "OpenCombineModels", "RxCheckOpenCombine",
            .product(name: "RxCheckCLI", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxModels", package: "RxCheck"),
        ]),
        .testTarget(name: "RxCheckOpenCombineTests", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine"), "RxCheckOpenCombine", "OpenCombineModels",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
        ]),
        // Models held against hand-derived timelines, never against the operators they judge.
        .testTarget(name: "OpenCombineModelsTests", dependencies: [
            "OpenCombineModels",
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
        ]),
        .testTarget(name: "OpenCombinePropertiesTests", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine"), "RxCheckOpenCombine", "OpenCombineModels", "OpenCombineProperties", "OpenCombineMutants",
            "rxcheck-opencombine",
            .product(name: "RxCheckTesting", package: "RxCheck"),
            .product(name: "RxCore", package: "RxCheck"),
            .product(name: "RxTestKit", package: "RxCheck"),
            .product(name: "RxCheck", package: "RxCheck"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
