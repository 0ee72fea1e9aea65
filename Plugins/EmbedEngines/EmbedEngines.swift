import Foundation
import PackagePlugin

/// Embeds the canonical engines (`Sources/Engines/<Name>/<File>.swift`), the platforms' adapters
/// (`Adapters/`, which `lesson pack` writes) and the programs' runtime support (`Sources/LessonRuntimeSupport`)
/// into the target as generated Swift, so that the `lesson` binary and the XCTest library carry their exact
/// bytes wherever they are copied, with the folder of the package they are built from.
@main
struct EmbedEngines: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let engines = context.package.directoryURL.appendingPathComponent("Sources/Engines")
        let files = (try FileManager.default.subpathsOfDirectory(atPath: engines.path))
            .filter { $0.hasSuffix(".swift") }
            .sorted()
            .map { engines.appendingPathComponent($0) }
        let adapters = context.package.directoryURL.appendingPathComponent("Adapters")
        let adapterFiles = (try FileManager.default.subpathsOfDirectory(atPath: adapters.path))
            .sorted()
            .map { adapters.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        let support = context.package.directoryURL.appendingPathComponent(
            "Sources/LessonRuntimeSupport/lesson_support.c")
        // The Landlock declarations the support shares with the containment launcher, inlined into it.
        let landlock = context.package.directoryURL.appendingPathComponent("Sources/CContainment/contain_linux_abi.h")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedEngines.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) engine files and \(adapterFiles.count) adapter files",
                executable: try context.tool(named: "EngineEmbedder").url,
                arguments: [engines.path, output.path, context.package.directoryURL.path, adapters.path, support.path],
                inputFiles: files + adapterFiles + [support, landlock],
                outputFiles: [output])
        ]
    }
}
