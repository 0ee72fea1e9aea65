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
                executable: try context.tool(named: "lesson").url,
                arguments: ["test-cases", lessons.path, "--output", output.path],
                inputFiles: Self.markdownFiles(under: lessons), outputFiles: [output])
        ]
    }

    /// Every Markdown file and folder below `folder`, hidden ones left out: a change to any writes the tests
    /// again (`lesson test-cases` reads exactly which are lessons).
    static func markdownFiles(under folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [folder] }
        var files = [folder]
        for case let url as URL in walker {
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isFolder || ["md", "markdown"].contains(url.pathExtension.lowercased()) { files.append(url) }
        }
        return files
    }
}
