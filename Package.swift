// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LessonChecker",
    products: [
        .executable(name: "lesson", targets: ["lesson"]),
        .library(name: "LessonTesting", targets: ["LessonTesting"]),
        .library(name: "LessonKit", targets: ["LessonKit"]),
        // `swift package check-lessons` and `update-lessons` in a course package that depends on this one.
        .plugin(name: "CheckLessons", targets: ["CheckLessons"]),
        .plugin(name: "UpdateLessons", targets: ["UpdateLessons"]),
        // A course package's tests: a Swift Testing test per scenario, written from its lessons at each build.
        .plugin(name: "LessonTestCases", targets: ["LessonTestCases"]),
    ],
    targets: [
        // The pipeline, one numbered folder per layer, each depending only on those below it (ArchitectureTests):
        // support, findings → reading → lexing → planning (LessonReading) → running → building → caching →
        // executing → comparing → judging → reporting, then the clients: checking, coverage, grading, updating,
        // watching (LessonKit). The first five are a target apart so that the plugin's tool that names a
        // course's tests compiles them alone.
        .target(name: "LessonReading"),
        .target(name: "LessonKit", dependencies: ["LessonReading", "CSHA256"]),
        // SHA-256 for cache keys, in C so that a debug build hashes as fast as a release one.
        .target(name: "CSHA256"),
        // Carries the canonical engines and the adapters into every program that links it, so a copied binary
        // still has them; LessonReading finds them by name. A target apart from it: SwiftPM plans a build
        // again when a lesson changes (for LessonTestCases), and compiles a plugin's tool again each time when
        // a target of the tool has a build plugin of its own.
        .target(name: "LessonEmbedded", dependencies: ["LessonReading"], plugins: ["EmbedEngines"]),
        .plugin(name: "EmbedEngines", capability: .buildTool(), dependencies: ["EngineEmbedder"]),
        .executableTarget(name: "EngineEmbedder"),
        // `lesson check` as SwiftPM commands; only the second may write the lessons (`--update`). Each runs the
        // `lesson` product the package builds (`swift build`'s), not a tool built again for the plugin.
        .plugin(
            name: "CheckLessons",
            capability: .command(
                intent: .custom(verb: "check-lessons", description: "Check the package's lessons with lesson check"))),
        .plugin(
            name: "UpdateLessons",
            capability: .command(
                intent: .custom(
                    verb: "update-lessons",
                    description: "Accept what the lessons' scenarios print: lesson check --update"),
                permissions: [
                    .writeToPackageDirectory(reason: "lesson check --update rewrites the lessons' expected output")
                ])),
        .plugin(name: "LessonTestCases", capability: .buildTool(), dependencies: ["LessonTestCaseWriter"]),
        // `lesson test-cases` as the plugin's tool: LessonReading alone, no build plugin, so that it is built
        // once, and a course compiles only the reading layers a second time for it.
        .executableTarget(name: "LessonTestCaseWriter", dependencies: ["LessonReading"]),
        // The command-line front end.
        .executableTarget(
            name: "lesson", dependencies: ["LessonKit", "LessonEmbedded", "CContainment", "lesson-contain"]),
        // The runtime support every built program links, in C: the checker compiles it at run time (the
        // EmbedEngines plugin carries its text); this target only makes every build of the package check it.
        .target(name: "LessonRuntimeSupport"),
        // The containment launcher `lesson __contain` runs: Landlock and seccomp, applied before exec.
        .target(name: "CContainment"),
        // The same launcher as an executable of its own, which starts in a millisecond: `lesson` runs it
        // when it lies beside it.
        .executableTarget(name: "lesson-contain", dependencies: ["CContainment"]),
        // What a course repository's tests use: a Swift Testing test per lesson and `assertLessons(in:)`.
        .target(name: "LessonTesting", dependencies: ["LessonKit", "LessonEmbedded"]),
        // The course engines, compiled here only for their unit tests; lessons reprint their bytes.
        .target(name: "Sync", path: "Sources/Engines/Sync"),
        .target(name: "Invalidation", path: "Sources/Engines/Invalidation"),
        .testTarget(
            name: "LessonKitTests", dependencies: ["LessonKit", "LessonEmbedded", "lesson", "CoursePackageSupport"]),
        .testTarget(name: "EngineTests", dependencies: ["Sync", "Invalidation", "LessonKit", "LessonEmbedded"]),
        .testTarget(name: "CourseTests", dependencies: ["LessonTesting", "CoursePackageSupport"]),
        // The tests' copy of the fixture course package, and its build started in the background by whichever
        // test target XCTest runs first.
        .target(name: "CoursePackageSupport", path: "Tests/CoursePackageSupport"),
    ]
)
