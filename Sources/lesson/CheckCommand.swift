import Foundation
import LessonKit

/// `lesson check`: check lessons and report every finding.
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let start = DispatchTime.now()
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help", "--no-cache", "--stats", "--update"],
            options: ["--timeout", "--max-output", "--jobs", "--color", "--engines", "--strategy", "--cache-dir"])
        if values["--help"] != nil {
            print(Help.check)
            return 0
        }
        var options = CheckOptions()
        if let timeout = try values.positiveNumber("--timeout") { options.timeout = timeout }
        if let limit = try values.byteSize("--max-output") { options.outputLimit = limit }
        if let jobs = try values.positiveInteger("--jobs") { options.jobs = jobs }
        if let strategy = values["--strategy"] {
            guard let chosen = CheckOptions.Strategy(rawValue: strategy) else {
                throw UsageError(description: "--strategy takes merged or isolated, not '\(strategy)'")
            }
            options.strategy = chosen
        }
        if values["--no-cache"] != nil {
            guard values["--cache-dir"] == nil else {
                throw UsageError(description: "--no-cache and --cache-dir cannot be used together")
            }
        } else {
            options.cacheDirectory = values["--cache-dir"] ?? ".build/lesson-cache"
        }
        let useColor = try colorChoice(values["--color"] ?? "auto")

        var catalog = EngineCatalog.builtIn
        if let directory = values["--engines"] { catalog = try catalog.adding(directory: directory) }

        let paths = parser.paths.isEmpty ? ["Lessons"] : parser.paths
        let files = try LessonDiscovery.lessonFiles(in: paths)
        let toolchain = try Toolchain.locate()
        var report = LessonChecker(options: options, toolchain: toolchain, catalog: catalog).check(files: files)
        if values["--update"] != nil {
            let outcome = LessonUpdater.update(report)
            report = outcome.report
            let lines = outcome.changes + outcome.refused
            if !lines.isEmpty { FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }
        }
        let text = TextReporter(useColor: useColor).render(report, courseSummary: paths.contains(where: isFolder))
        FileHandle.standardOutput.write(Data(text.utf8))
        if values["--stats"] != nil { printStatistics(since: start) }
        return report.succeeded ? 0 : 1
    }

    /// Wall time and the checker's own peak memory (children not included), for benchmarks.
    static func printStatistics(since start: DispatchTime) {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #if canImport(Darwin)
            let peakKiB = Int(usage.ru_maxrss) / 1024
        #else
            let peakKiB = Int(usage.ru_maxrss)
        #endif
        printError(String(format: "lesson: %.2f s, peak memory %d KiB", seconds, peakKiB))
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
