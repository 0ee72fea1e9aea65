import Foundation
import PackagePlugin

/// `swift package check-lessons [PATH…] [options]`: `lesson check` on the package's lessons (`Lessons` by
/// default), from a course package that depends on the checker. Its findings go to the terminal as `lesson`
/// prints them, and a failed check fails the command. It writes nothing into the package: its result cache
/// is in the plugin's own folder. `--update` needs write permission: `swift package
/// --allow-writing-to-package-directory update-lessons`.
@main
struct CheckLessons: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.contains("--update") {
            Diagnostics.error(
                "check-lessons writes nothing; to accept new output run: "
                    + "swift package --allow-writing-to-package-directory update-lessons")
            throw LessonFailure(status: 2)
        }
        // SwiftPM asked for no permission to write: a report or a baseline would land anywhere in the package.
        if let option = arguments.first(where: { argument in
            Self.writingOptions.contains { argument == $0 || argument.hasPrefix($0 + "=") }
        }) {
            Diagnostics.error(
                "check-lessons writes nothing into the package, so \(option) is refused; "
                    + "write it with the checker itself: swift run lesson check \(option) ...")
            throw LessonFailure(status: 2)
        }
        try LessonRun.run(context: context, arguments: ["check"] + LessonRun.withCache(arguments, context: context))
    }

    /// The options of `lesson check` that write a file of the user's choice.
    static let writingOptions = ["--output", "--write-baseline", "--cache-dir"]
}

/// Runs the package's `lesson` tool in the package's folder; a non-zero exit fails the command with it.
enum LessonRun {
    static func run(context: PluginContext, arguments: [String]) throws {
        let process = Process()
        process.executableURL = try context.tool(named: "lesson").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw LessonFailure(status: process.terminationStatus) }
    }

    /// The arguments, with the result cache in the plugin's folder unless they say where it goes.
    static func withCache(_ arguments: [String], context: PluginContext) -> [String] {
        guard !arguments.contains("--no-cache") else { return arguments }
        return ["--cache-dir", context.pluginWorkDirectoryURL.appendingPathComponent("lesson-cache").path]
            + arguments
    }
}

/// `lesson` ended with a non-zero status: what it printed said why.
struct LessonFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "lesson exited with status \(status)" }
}
