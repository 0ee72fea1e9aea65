// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LessonChecker",
    products: [
        .executable(name: "lesson", targets: ["lesson"]),
        .library(name: "LessonTesting", targets: ["LessonTesting"]),
        .library(name: "LessonKit", targets: ["LessonKit"]),
        // A test target that uses this plugin gets one XCTest method per lesson under `Lessons/`.
        .plugin(name: "LessonTests", targets: ["LessonTests"]),
    ],
    targets: [
        // The pipeline: reading → planning → building → running → comparing → reporting.
        .target(name: "LessonKit", dependencies: ["CSHA256"], plugins: ["EmbedEngines"]),
        // SHA-256 for cache keys, in C so that a debug build hashes as fast as a release one.
        .target(name: "CSHA256"),
        // Carries the canonical engines into LessonKit, so a copied binary still has them.
        .plugin(name: "EmbedEngines", capability: .buildTool(), dependencies: ["EngineEmbedder"]),
        .executableTarget(name: "EngineEmbedder"),
        // The command-line front end.
        .executableTarget(name: "lesson", dependencies: ["LessonKit"]),
        // The XCTest bridge a course repository uses: `assertLessons(in:)`.
        .target(name: "LessonTesting", dependencies: ["LessonKit"]),
        // The course engines, compiled here only for their unit tests; lessons reprint their bytes.
        .target(name: "Sync", path: "Sources/Engines/Sync"),
        .target(name: "Invalidation", path: "Sources/Engines/Invalidation"),
        .testTarget(name: "LessonKitTests", dependencies: ["LessonKit", "lesson"]),
        .testTarget(name: "EngineTests", dependencies: ["Sync", "Invalidation", "LessonKit"]),
        .plugin(name: "LessonTests", capability: .buildTool(), dependencies: ["LessonTestGenerator"]),
        .executableTarget(name: "LessonTestGenerator"),
        .testTarget(name: "CourseTests", dependencies: ["LessonTesting"], plugins: ["LessonTests"]),
    ]
)
