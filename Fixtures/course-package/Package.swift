// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyCourse",
    dependencies: [.package(url: "https://example.com/lesson-checker.git", branch: "main")],
    targets: [
        .testTarget(
            name: "LessonTests",
            dependencies: [.product(name: "LessonTesting", package: "lesson-checker")],
            plugins: [.plugin(name: "LessonTestCases", package: "lesson-checker")]),
    ]
)
