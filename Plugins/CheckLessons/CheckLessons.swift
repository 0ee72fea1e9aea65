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
        try LessonRun.run(
            context: context, packageManager: packageManager,
            arguments: ["check"] + LessonRun.withCache(arguments, context: context))
    }

    /// The options of `lesson check` that write a file of the user's choice.
    static let writingOptions = ["--output", "--write-baseline", "--cache-dir"]
}

/// Runs the package's own `lesson` in the package's folder; a non-zero exit fails the command with it.
enum LessonRun {
    static func run(context: PluginContext, packageManager: PackageManager, arguments: [String]) throws {
        let process = Process()
        process.executableURL = try builtLesson(packageManager)
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // What `lesson` prints is passed on as it comes, and its first error kept: SwiftPM prints the error
        // that fails the command on its standard error at once, and a plugin's output on its standard output,
        // which it holds until it ends when that is not a terminal (a CI log): there, the error comes first,
        // so it names the first finding itself.
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var firstError: String?
        var pending = Data()
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
            FileHandle.standardOutput.write(chunk)
            guard firstError == nil else { continue }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                if firstError == nil, line.contains(": error: ") { firstError = line }
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LessonFailure(status: process.terminationStatus, firstError: firstError)
        }
    }

    /// The `lesson` product as `swift build` builds it, in the package's own build folder: built now only if
    /// it is not already (after `swift build` or `swift run lesson`, nothing is compiled). Declared as the
    /// plugin's tool instead, SwiftPM would build it a second time, in a folder of the plugin's own.
    static func builtLesson(_ packageManager: PackageManager) throws -> URL {
        let result = try packageManager.build(
            .product("lesson"), parameters: PackageManager.BuildParameters(configuration: .debug, logging: .concise))
        guard result.succeeded,
            let lesson = result.builtArtifacts.first(where: {
                $0.kind == .executable && $0.url.lastPathComponent == "lesson"
            })
        else {
            print(result.logText, terminator: "")
            throw BuildFailure()
        }
        return lesson.url
    }

    /// The arguments, with the result cache in the plugin's folder unless they say where it goes.
    static func withCache(_ arguments: [String], context: PluginContext) -> [String] {
        guard !arguments.contains("--no-cache") else { return arguments }
        return ["--cache-dir", context.pluginWorkDirectoryURL.appendingPathComponent("lesson-cache").path]
            + arguments
    }
}

/// `lesson` could not be built: the build's log, printed above, says why.
struct BuildFailure: Error, CustomStringConvertible {
    var description: String { "the lesson product did not build" }
}

/// `lesson` ended with a non-zero status: what it printed said why.
struct LessonFailure: Error, CustomStringConvertible {
    var status: Int32
    var firstError: String? = nil
    var description: String {
        "lesson exited with status \(status)" + (firstError.map { "; its first finding: " + $0 } ?? "")
    }
}
