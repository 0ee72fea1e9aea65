import Foundation
import PackagePlugin

/// Generates one XCTest method per lesson under the package's `Lessons` folder, so that
/// `swift test --filter uikit_01` checks one lesson and a CI log names the failing lesson. New lessons are
/// picked up at the next build, without editing any test file.
@main
struct LessonTests: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let lessons = context.package.directoryURL.appendingPathComponent("Lessons")
        let files = (FileManager.default.subpaths(atPath: lessons.path) ?? [])
            .filter { $0.hasSuffix(".md") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            .sorted()
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("LessonTests.swift")
        return [
            .buildCommand(
                displayName: "Generating a test for each of \(files.count) lessons",
                executable: try context.tool(named: "LessonTestGenerator").url,
                arguments: [lessons.path, output.path] + files,
                inputFiles: files.map { lessons.appendingPathComponent($0) },
                outputFiles: [output])
        ]
    }
}
