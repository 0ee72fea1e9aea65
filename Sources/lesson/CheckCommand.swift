import Foundation
import LessonKit

/// `lesson check`: check lessons and report every finding.
enum CheckCommand {
    static let help = HelpPage(
        overview: """
            Builds and runs every scenario of the lessons, compares its output with the expected block,
            parses every platform snippet, compares engine reprints, and reports each finding as
            `path:line:column: error: message`. Checking a folder adds a summary line per course folder.
            """,
        usage: "lesson check [--update | --watch] [options] [PATH ...]",
        sections: [
            (
                "OPTIONS",
                [
                    .flag(
                        "--update",
                        "Accept what the scenarios print: rewrite each expected block that differs, insert missing "
                            + "ones, refresh drifted engine reprints (in place, atomically; a lesson with a scenario "
                            + "that does not build, traps or times out is left untouched)"),
                    .flag(
                        "--watch",
                        "Check, then re-check each time a lesson or engine file is saved, until interrupted (fast "
                            + "with the result cache)"),
                    .option(
                        "--filter", "TEXT",
                        "Check only the lessons whose path contains TEXT, and elsewhere the scenarios whose "
                            + "description contains it (none selected: exit 2)"),
                    .option(
                        "--format", "FORMAT",
                        "text (default), json, junit, github (workflow commands) or html (one self-contained page); "
                            + "with a machine format stdout holds only that format and the summary goes to stderr"),
                    .option(
                        "--output", "FILE",
                        "Write the report to FILE (any format); the summary goes to stderr. A report that cannot be "
                            + "written exits 2"),
                    .junitFileAttributes,
                    .shard(
                        "Check only shard INDEX of COUNT: each lesson is in exactly one shard; drift is still judged "
                            + "against the whole course"),
                    .durations(
                        "the durations of an earlier JSON report (longest lessons first, each to the least loaded "
                            + "shard)"),
                    .timeout("scenario run"), .maxOutput("a scenario"), .jobs, .buildTimeout("one build", seconds: 300),
                    .buildMemoryLimit, .engines, .strategy,
                    .option("--cache-dir", "DIR", "Where results are cached (default: .build/lesson-cache)"),
                    .flag("--no-cache", "Check everything anew; read and write no cache"),
                    .flag("--stats", "Print the wall time and the checker's peak memory to stderr"),
                    .flag(
                        "--warnings-as-errors",
                        "Exit 1 when any finding is a warning, as when a check fails (warnings alone exit 0)"),
                    .color, .help,
                ]
            )
        ],
        notes: """
            ENVIRONMENT:
              SWIFTC                The Swift compiler to use (default: swiftc on PATH)
              NO_COLOR              Never colour the report

            EXIT STATUS:
              0 every check passed (warnings alone fail nothing); 1 a check failed, or a warning was found with
              --warnings-as-errors; 2 usage error, unreadable path, or no lesson found.
            """)

    /// What `lesson check` was asked, validated.
    struct Options {
        var check: CheckOptions
        var catalog: EngineCatalog
        var paths: [String]
        var emitter: ReportEmitter
        var sharding: ShardOption?
        var filter: String?
        var update: Bool
        var watch: Bool
        var stats: Bool
        var warningsAsErrors: Bool
        var engineFolder: String?

        init(_ arguments: Arguments) throws {
            check = try CheckCommand.checkOptions(arguments)
            engineFolder = arguments["--engines"]
            catalog = try engineFolder.map { try EngineCatalog.builtIn.adding(directory: $0) } ?? .builtIn
            paths = try arguments.lessonPaths()
            emitter = try ReportEmitter(arguments, courseSummary: paths.contains(where: CheckCommand.isFolder))
            sharding = try ShardOption.parse(arguments)
            filter = arguments["--filter"]
            update = arguments.has("--update")
            watch = arguments.has("--watch")
            stats = arguments.has("--stats")
            warningsAsErrors = arguments.has("--warnings-as-errors")
            if sharding != nil && (watch || update) {
                throw LessonError(.usage, "--shard is for a check in CI, not with --watch or --update")
            }
            if watch && update { throw LessonError(.usage, "--watch and --update cannot be used together") }
        }
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let start = DispatchTime.now()
        let options = try Options(arguments)
        let files = try LessonDiscovery.lessonFiles(in: options.paths)
        let selection = LessonSelection(filter: options.filter, sharding: options.sharding?.assignment(of: files))
        var checker = LessonChecker(options: options.check, toolchain: try Toolchain.locate(), catalog: options.catalog)
        if options.watch {
            let watcher = LessonWatcher(
                paths: options.paths, checker: checker, selection: selection,
                extraFolders: options.engineFolder.map { [$0] } ?? [])
            watcher.run { report in
                do { try options.emitter.emit(report) } catch { printError("error: \(error)") }
            }
        }
        let showProgress = ProgressLine.shouldShow(textReport: options.emitter.format == .text)
        var report = withProgress(on: &checker, show: showProgress) { $0.check(files: files, selection: selection) }
        if report.lessons.isEmpty && report.course.isEmpty, let filter = options.filter {
            throw LessonError(.usage, "--filter '\(filter)' selects no lesson and no scenario")
        }
        if options.update {
            report = update(
                report, checker: checker, files: files, selection: selection, format: options.emitter.format)
        }
        try options.emitter.emit(report)
        if options.stats { printStatistics(since: start) }
        return report.succeeded(warningsAsErrors: options.warningsAsErrors) ? 0 : 1
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
    /// `caching`: whether the command keeps a result cache (coverage does not).
    static func checkOptions(_ values: Arguments, caching: Bool = true) throws -> CheckOptions {
        var options = CheckOptions()
        try options.apply(values)
        if let strategy = values["--strategy"] {
            guard let chosen = CheckOptions.Strategy(rawValue: strategy) else {
                throw LessonError(.usage, "--strategy takes merged or isolated, not '\(strategy)'")
            }
            options.strategy = chosen
        }
        guard caching else { return options }
        if values.has("--no-cache") {
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
        let outcome = LessonUpdater.updateUntilSettled(report) { checker.check(files: files, selection: selection) }
        let lines = outcome.changes + outcome.refused
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
