import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory update-lessons [PATH…] [options]`: `lesson check
/// --update`, which rewrites each expected block whose scenario prints something else and leaves every other
/// byte of the lessons as it was.
@main
struct UpdateLessons: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try builtLesson()
        process.arguments = ["check", "--update"] + arguments.filter { $0 != "--update" }
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw UpdateFailure(description: "lesson check --update exited with status \(process.terminationStatus)")
        }
    }
}

extension UpdateLessons {
    /// The `lesson` product as `swift build` builds it, in the package's own build folder (see
    /// `CheckLessons`): built now only if it is not already.
    func builtLesson() throws -> URL {
        let result = try packageManager.build(
            .product("lesson"), parameters: PackageManager.BuildParameters(configuration: .debug, logging: .concise))
        guard result.succeeded,
            let lesson = result.builtArtifacts.first(where: {
                $0.kind == .executable && $0.url.lastPathComponent == "lesson"
            })
        else {
            print(result.logText, terminator: "")
            throw UpdateFailure(description: "the lesson product did not build")
        }
        return lesson.url
    }
}

struct UpdateFailure: Error, CustomStringConvertible {
    var description: String
}
