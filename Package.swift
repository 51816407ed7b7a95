// swift-tools-version:6.0
import PackageDescription

// RxCheck has no package dependencies: the toolchain alone (stdlib, Foundation, Dispatch,
// XCTest, Swift Testing). Layers depend in one direction only:
// RxCore ← RxTestKit ← RxCheck ← RxCheckProperties ← rxcheck; RxModels sees value types only.
// Every target names each module it imports (README "How it works"; LayoutTests checks).
let package = Package(
    name: "RxCheck",
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxTestKit", targets: ["RxTestKit"]),
        .library(name: "RxTestKitTesting", targets: ["RxTestKitTesting"]),
        .library(name: "RxModels", targets: ["RxModels"]),
        .library(name: "RxCheck", targets: ["RxCheck"]),
        .library(name: "RxCheckTesting", targets: ["RxCheckTesting"]),
        .library(name: "RxCheckProperties", targets: ["RxCheckProperties"]),
        .library(name: "RxCheckCLI", targets: ["RxCheckCLI"]),
        .executable(name: "rxcheck", targets: ["rxcheck"]),
        .executable(name: "rxcheck-fuzz", targets: ["rxcheck-fuzz"]),
    ],
    targets: [
        .target(name: "RxCore"),
        .target(name: "RxTestKit", dependencies: ["RxCore"]),
        // The test-framework glue (waiting assertions, mocks) apart, so that nothing the tool
        // ships links XCTest or Swift Testing.
        .target(name: "RxTestKitTesting", dependencies: ["RxCore", "RxTestKit"]),
        // Models read RxCore's and RxTestKit's value types (Event, RxError, Scenario, Recorded)
        // and never call an operator: LayoutTests holds them to that.
        .target(name: "RxModels", dependencies: ["RxCore", "RxTestKit"]),
        .target(name: "RxCheck", dependencies: ["RxCore", "RxTestKit"]),
        .target(name: "RxCheckTesting", dependencies: ["RxCheck"]),
        .target(
            name: "RxCheckProperties",
            dependencies: ["RxCore", "RxTestKit", "RxModels", "RxCheck"],
            path: "Properties",
            exclude: ["README.md", "SEMANTICS.md"]
        ),
        // The deliberately broken operators that prove the catalog finds bugs. They ship with the
        // tool, not only with the tests: `rxcheck bench` measures shrinking on these known bugs.
        .target(name: "RxCheckMutants", dependencies: ["RxCore", "RxTestKit"]),
        // The commands every RxCheck tool shares (list, check, reproduce, replay, nightly, merge),
        // over whichever catalog the executable hands it: rxcheck's, or an integration's.
        .target(name: "RxCheckCLI", dependencies: ["RxCheck", "RxTestKit"]),
        // The fuzz targets of the readers (Seeds, replay, marbles, reports) and their runner:
        // its own seeded loop as built here, libFuzzer when built by .ci/fuzz.
        .target(name: "RxCheckFuzz", dependencies: ["RxCore", "RxTestKit", "RxCheck", "RxCheckCLI", "RxCheckProperties"]),
        .executableTarget(name: "rxcheck-fuzz", dependencies: ["RxCheck", "RxCheckFuzz"]),
        .executableTarget(name: "rxcheck",
                          dependencies: ["RxCore", "RxTestKit", "RxModels", "RxCheck", "RxCheckCLI", "RxCheckProperties", "RxCheckMutants"]),
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTestKit"]),
        .testTarget(name: "RxTestKitTests", dependencies: ["RxCore", "RxTestKit", "RxTestKitTesting"]),
        // Models held against hand-derived timelines, never against the operators they judge.
        .testTarget(name: "RxModelsTests", dependencies: ["RxCore", "RxTestKit", "RxModels"]),
        .testTarget(name: "RxCheckTests", dependencies: ["RxCore", "RxTestKit", "RxModels", "RxCheck", "RxCheckTesting"]),
        .testTarget(
            name: "RxCheckPropertiesTests",
            dependencies: ["RxCore", "RxTestKit", "RxModels", "RxCheck", "RxCheckTesting", "RxCheckProperties", "RxCheckMutants"],
            exclude: ["MUTANTS.md", "EXHAUSTIVE.md", "CATALOG.txt"]
        ),
        .testTarget(name: "ExamplesTests", dependencies: ["RxCore", "RxTestKit", "RxTestKitTesting", "RxCheck", "RxCheckTesting"]),
        .testTarget(name: "RxCheckCLITests", dependencies: ["rxcheck", "RxCheck", "RxCheckCLI", "RxTestKit", "RxCheckTesting"]),
        .testTarget(name: "RxCheckFuzzTests",
                    dependencies: ["RxCore", "RxTestKit", "RxCheck", "RxCheckCLI", "RxCheckProperties", "RxCheckFuzz", "rxcheck-fuzz",
                                   "RxCheckTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
