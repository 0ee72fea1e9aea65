import Foundation
import LessonKit

/// `lesson check`: check lessons and report every finding.
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let start = DispatchTime.now()
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help", "--no-cache", "--stats", "--update", "--watch", "--junit-file-attributes"],
            options: [
                "--timeout", "--max-output", "--jobs", "--color", "--engines", "--strategy", "--cache-dir", "--format",
                "--filter", "--output", "--shard", "--durations", "--build-timeout", "--build-memory-limit",
            ])
        if values["--help"] != nil {
            print(Help.check)
            return 0
        }
        let options = try checkOptions(values)
        var catalog = EngineCatalog.builtIn
        if let directory = values["--engines"] { catalog = try catalog.adding(directory: directory) }

        let paths = try parser.lessonPaths()
        let files = try LessonDiscovery.lessonFiles(in: paths)
        let toolchain = try Toolchain.locate()
        let emitter = try ReportEmitter(values, courseSummary: paths.contains(where: isFolder))
        let sharding = try ShardOption.parse(values)
        if sharding != nil && (values["--watch"] != nil || values["--update"] != nil) {
            throw LessonError(.usage, "--shard is for a check in CI, not with --watch or --update")
        }
        let selection = LessonSelection(filter: values["--filter"], sharding: sharding?.assignment(of: files))
        var checker = LessonChecker(options: options, toolchain: toolchain, catalog: catalog)
        if values["--watch"] != nil {
            guard values["--update"] == nil else {
                throw LessonError(.usage, "--watch and --update cannot be used together")
            }
            let watcher = LessonWatcher(
                paths: paths, checker: checker, selection: selection,
                extraFolders: values["--engines"].map { [$0] } ?? [])
            watcher.run { report in
                do { try emitter.emit(report) } catch { printError("error: \(error)") }
            }
        }
        var report = withProgress(on: &checker, show: ProgressLine.shouldShow(textReport: emitter.format == .text)) {
            $0.check(files: files, selection: selection)
        }
        if report.lessons.isEmpty && report.course.isEmpty, let filter = values["--filter"] {
            throw LessonError(.usage, "--filter '\(filter)' selects no lesson and no scenario")
        }
        if values["--update"] != nil {
            report = update(report, checker: checker, files: files, selection: selection, format: emitter.format)
        }
        try emitter.emit(report)
        if values["--stats"] != nil { printStatistics(since: start) }
        return report.succeeded ? 0 : 1
    }

    /// Runs `body`, showing a progress line on stderr while it runs longer than a second when `show`.
    static func withProgress<Result>(
        on checker: inout LessonChecker, show: Bool, _ body: (LessonChecker) -> Result
    ) -> Result {
        guard show else { return body(checker) }
        let progress = CheckProgress()
        checker.progress = progress
        let line = ProgressLine(progress: progress)
        line.start()
        defer { line.stop() }
        return body(checker)
    }

    /// `--timeout`, `--max-output`, `--jobs`, `--strategy` and the cache options.
    static func checkOptions(_ values: [String: String]) throws -> CheckOptions {
        var options = CheckOptions()
        try options.apply(values)
        if let strategy = values["--strategy"] {
            guard let chosen = CheckOptions.Strategy(rawValue: strategy) else {
                throw LessonError(.usage, "--strategy takes merged or isolated, not '\(strategy)'")
            }
            options.strategy = chosen
        }
        if values["--no-cache"] != nil {
            guard values["--cache-dir"] == nil else {
                throw LessonError(.usage, "--no-cache and --cache-dir cannot be used together")
            }
        } else {
            options.cacheDirectory = values["--cache-dir"] ?? ".build/lesson-cache"
        }
        return options
    }

    /// `--update`: accepts what the lessons print, printing each change, and returns the final report.
    static func update(
        _ report: CheckReport, checker: LessonChecker, files: [String], selection: LessonSelection,
        format: ReportFormat
    ) -> CheckReport {
        var outcome = LessonUpdater.update(report)
        var lines = outcome.changes
        // A refreshed engine reprint changes what its lesson's scenarios print: check and accept again.
        var rounds = 1
        while outcome.rewroteEngine && rounds < 3 {
            outcome = LessonUpdater.update(checker.check(files: files, selection: selection))
            lines += outcome.changes
            rounds += 1
        }
        lines += outcome.refused
        if !lines.isEmpty {
            let text = lines.joined(separator: "\n") + "\n"
            // A machine format keeps stdout for itself.
            if format == .text { writeOut(text) } else { printError(text, newline: false) }
        }
        return outcome.report
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
        default: throw LessonError(.usage, "--color takes auto, always or never, not '\(value)'")
        }
    }
}
