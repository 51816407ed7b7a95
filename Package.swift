// swift-tools-version:6.0
import PackageDescription

// RxCheck has no package dependencies: the toolchain alone (stdlib, Foundation, Dispatch,
// XCTest, Swift Testing). Layers depend in one direction only:
// RxCore ← RxTestKit ← RxCheck ← RxCheckProperties ← rxcheck; RxModels sees value types only.
let package = Package(
    name: "RxCheck",
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxTestKit", targets: ["RxTestKit"]),
        .library(name: "RxModels", targets: ["RxModels"]),
        .library(name: "RxCheck", targets: ["RxCheck"]),
        .library(name: "RxCheckTesting", targets: ["RxCheckTesting"]),
        .library(name: "RxCheckProperties", targets: ["RxCheckProperties"]),
        .executable(name: "rxcheck", targets: ["rxcheck"]),
    ],
    targets: [
        .target(name: "RxCore"),
        .target(name: "RxTestKit", dependencies: ["RxCore"]),
        .target(name: "RxModels", dependencies: ["RxTestKit"]),
        .target(name: "RxCheck", dependencies: ["RxCore", "RxTestKit"]),
        .target(name: "RxCheckTesting", dependencies: ["RxCheck"]),
        .target(
            name: "RxCheckProperties",
            dependencies: ["RxCore", "RxTestKit", "RxModels", "RxCheck"],
            path: "Properties",
            exclude: ["README.md", "SEMANTICS.md"]
        ),
        // The deliberately broken operators of the mutation tests; `rxcheck bench` measures them too.
        .target(name: "RxCheckMutants", dependencies: ["RxCore", "RxTestKit"], path: "Tests/Mutants"),
        .executableTarget(name: "rxcheck", dependencies: ["RxCheck", "RxCheckProperties", "RxCheckMutants", "RxModels"]),
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTestKit"]),
        .testTarget(name: "RxTestKitTests", dependencies: ["RxCore", "RxTestKit"]),
        // Models held against hand-derived timelines, never against the operators they judge.
        .testTarget(name: "RxModelsTests", dependencies: ["RxCore", "RxTestKit", "RxModels"]),
        .testTarget(name: "RxCheckTests", dependencies: ["RxCore", "RxTestKit", "RxModels", "RxCheck", "RxCheckTesting"]),
        .testTarget(
            name: "RxCheckPropertiesTests",
            dependencies: ["RxCore", "RxTestKit", "RxModels", "RxCheck", "RxCheckTesting", "RxCheckProperties", "RxCheckMutants"],
            exclude: ["MUTANTS.md", "CATALOG.txt"]
        ),
        .testTarget(name: "ExamplesTests", dependencies: ["RxCore", "RxTestKit", "RxCheck", "RxCheckTesting"]),
        .testTarget(name: "RxCheckCLITests", dependencies: ["rxcheck", "RxCheck", "RxTestKit"]),
    ],
    swiftLanguageModes: [.v6]
)
