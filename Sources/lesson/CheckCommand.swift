import Foundation
import LessonKit

/// `lesson check`: check lessons and report every finding.
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help"], options: ["--timeout", "--max-output", "--jobs", "--color", "--engines"])
        if values["--help"] != nil {
            print(Help.check)
            return 0
        }
        var options = CheckOptions()
        if let timeout = try values.positiveNumber("--timeout") { options.timeout = timeout }
        if let limit = try values.byteSize("--max-output") { options.outputLimit = limit }
        if let jobs = try values.positiveInteger("--jobs") { options.jobs = jobs }
        let useColor = try colorChoice(values["--color"] ?? "auto")

        var catalog = EngineCatalog.builtIn
        if let directory = values["--engines"] { catalog = try catalog.adding(directory: directory) }

        let paths = parser.paths.isEmpty ? ["Lessons"] : parser.paths
        let files = try LessonDiscovery.lessonFiles(in: paths)
        let toolchain = try Toolchain.locate()
        let report = LessonChecker(options: options, toolchain: toolchain, catalog: catalog).check(files: files)
        let text = TextReporter(useColor: useColor).render(report, courseSummary: paths.contains(where: isFolder))
        FileHandle.standardOutput.write(Data(text.utf8))
        return report.succeeded ? 0 : 1
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Colour only on a terminal, and never when NO_COLOR is set.
    static func colorChoice(_ value: String) throws -> Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        switch value {
        case "always": return !noColor
        case "never": return false
        case "auto": return !noColor && isatty(STDOUT_FILENO) == 1
        default: throw UsageError(description: "--color takes auto, always or never, not '\(value)'")
        }
    }
}
