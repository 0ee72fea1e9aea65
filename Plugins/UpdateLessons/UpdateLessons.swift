import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory update-lessons [PATH…] [options]`: `lesson check
/// --update`, which rewrites each expected block whose scenario prints something else and leaves every other
/// byte of the lessons as it was.
@main
struct UpdateLessons: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "lesson").url
        process.arguments = ["check", "--update"] + arguments.filter { $0 != "--update" }
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw UpdateFailure(description: "lesson check --update exited with status \(process.terminationStatus)")
        }
    }
}

struct UpdateFailure: Error, CustomStringConvertible {
    var description: String
}
