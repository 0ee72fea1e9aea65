import Foundation
import PackagePlugin

/// A course package's tests, written at each build from its lessons (`lesson test-cases`): a Swift Testing
/// test per scenario, listing and book test under `Lessons`, each declared at its Markdown line. Applied to
/// the course's test target (`plugins: [.plugin(name: "LessonTestCases", package: …)]`), which depends on
/// `LessonTesting`. A lesson added, edited or removed writes the tests again at the next build.
@main
struct LessonTestCases: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let lessons = context.package.directoryURL.appendingPathComponent("Lessons")
        guard FileManager.default.fileExists(atPath: lessons.path) else {
            Diagnostics.error("LessonTestCases: the package has no Lessons folder, where its lessons are read")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("LessonCases.swift")
        return [
            .buildCommand(
                displayName: "Writing a test per scenario of \(lessons.path)",
                executable: try context.tool(named: "LessonTestCaseWriter").url,
                arguments: [lessons.path, output.path],
                inputFiles: Self.markdownFiles(under: lessons), outputFiles: [output])
        ]
    }

    /// Every Markdown file below `folder`, hidden ones left out: a change to any writes the tests again
    /// (`lesson test-cases` reads exactly which are lessons). Folders are no inputs: SwiftPM would plan the
    /// whole build again for a change of one, and build the plugin's tool again with it.
    static func markdownFiles(under folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter { ["md", "markdown"].contains($0.pathExtension.lowercased()) }
    }
}
