import Foundation
import LessonKit

/// `lesson check`: check lessons and report every finding.
enum CheckCommand {
    /// The options of `lesson check`, declared once: the parser, `--help` and forwarding read these.
    enum Option {
        static let update = Flag(
            "--update",
            "Accept what the scenarios print: rewrite each expected block and output comment that differs, insert "
                + "missing blocks, refresh drifted engine reprints (in place, atomically; a lesson with a scenario "
                + "that does not build, traps or times out is left untouched)")
        static let watch = Flag(
            "--watch",
            "Check, then re-check each time a lesson or engine file is saved, until interrupted (fast with the result "
                + "cache)")
        static let filter = ValueOption(
            "--filter", "TEXT",
            "Check only the lessons whose path contains TEXT, and elsewhere the scenarios whose description "
                + "contains it (none selected: exit 2)")
        static let format = ValueOption(
            "--format", "FORMAT",
            ReportFormat.helpList + "; with a machine format stdout holds only that format and the summary goes "
                + "to stderr",
            read: ReportFormat.read)
        static let output = ValueOption(
            "--output", "FILE",
            "Write the report to FILE (any format); the summary goes to stderr. A report that cannot be written exits "
                + "2")
        static let shard = SharedOptions.shard(
            "Check only shard INDEX of COUNT: each lesson is in exactly one shard; drift is still judged against the "
                + "whole course")
        static let durations = SharedOptions.durations(
            "the durations of an earlier JSON report (longest lessons first, each to the least loaded shard)")
        static let limits = RunLimitOptions(
            timeout: SharedOptions.timeout("scenario run"), maxOutput: SharedOptions.maxOutput("a scenario"),
            buildTimeout: SharedOptions.buildTimeout("one build", seconds: 300))
        static let cacheDirectory = ValueOption(
            "--cache-dir", "DIR", "Where results are cached (default: .build/lesson-cache)")
        static let noCache = Flag("--no-cache", "Check everything anew; read and write no cache")
        static let stats = Flag(
            "--stats",
            "Print the wall time, the checker's peak memory and where the time went, phase by phase, to stderr")
        static let verify = Flag(
            "--verify",
            "Build every check alone as well (the reader's build) and fail each check whose merged result differs, "
                + "naming both results (for a nightly CI; about as slow as --strategy isolated)")
        static let contain = Flag(
            "--contain",
            "Run every program under the containment a student's submission is graded under (another user, "
                + "limits, Landlock, seccomp, a reaper; see lesson grade --check-sandbox): for a stranger's lessons")
        static let warningsAsErrors = Flag(
            "--warnings-as-errors",
            "Exit 1 when any finding is a warning, as when a check fails (warnings alone exit 0)")
    }

    static let help = HelpPage(
        overview: """
            Builds and runs every scenario of the lessons, compares its output with the expected block,
            parses every platform snippet, compares engine reprints, and reports each finding as
            `path:line:column: error: message` (or `warning:` for what looks wrong but fails nothing).
            Checking a folder adds a summary line per course folder. PATH:LINE checks only the block that
            holds that line (a scenario with its expected output, a listing, a book test, a snippet, an
            engine file), with what it is built with.
            """,
        usage: "lesson check [--update | --watch] [options] [PATH[:LINE] ...]",
        sections: [
            (
                "OPTIONS",
                [
                    Option.update, Option.watch, Option.filter, Option.format, Option.output,
                    SharedOptions.junitFileAttributes, Option.shard, Option.durations,
                ] + Option.limits.all + [
                    SharedOptions.engines, SharedOptions.exclude, SharedOptions.strategy, Option.cacheDirectory,
                    Option.noCache,
                ] + BaselineOption.all + [
                    Option.stats, Option.verify, Option.contain, Option.warningsAsErrors, SharedOptions.color,
                    SharedOptions.help,
                ]
            )
        ],
        notes: """
            ENVIRONMENT:
              SWIFTC                The Swift compiler to use (default: swiftc on PATH)
              NO_COLOR              Never colour the report

            EXIT STATUS:
              0 every check passed, warnings alone included; 1 a check failed, or a warning was given under
              the flag --warnings-as-errors; 2 usage error, unreadable path, or no lesson found.
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
        var verify: Bool
        var engineFolder: String?
        var exclusions: [String]
        var baseline: BaselineOption.Use
        /// `PATH:LINE` arguments: the blocks alone that are checked, by lesson.
        var blockLines: [String: Set<Int>]

        init(_ arguments: Arguments) throws {
            check = try CheckCommand.checkOptions(arguments, limits: Option.limits, caching: true)
            if arguments.isSet(Option.contain) {
                // The cache stays out of the programs' reach, as the instructor's folders are in a grading.
                var policy = SandboxPolicy()
                policy.hiddenFolders = check.cacheDirectory.map { [Paths.absolute($0)] } ?? []
                policy.readablePaths = [try Toolchain.locate().runtimeLibraries].compactMap { $0 }
                check.sandbox = Sandbox.detect(policy: policy, launcher: GradeCommand.launcherExecutable)
            }
            // `--engines DIR`, else the course's own `Engines/` folder, by convention.
            let engines = try arguments.value(SharedOptions.engines)
            catalog = try engines?.catalog ?? EngineCatalog.ofCourse()
            engineFolder = engines?.path ?? (catalog == .builtIn ? nil : EngineCatalog.courseFolder)
            (paths, blockLines) = try BlockAddressArgument.split(try arguments.lessonPaths())
            exclusions = try arguments.exclusions()
            emitter = try ReportEmitter(
                arguments, format: Option.format, output: Option.output,
                courseSummary: paths.contains(where: CheckCommand.isFolder))
            sharding = try ShardOption.parse(arguments, shard: Option.shard, durations: Option.durations)
            filter = try arguments.value(Option.filter)
            update = arguments.isSet(Option.update)
            watch = arguments.isSet(Option.watch)
            stats = arguments.isSet(Option.stats)
            warningsAsErrors = arguments.isSet(Option.warningsAsErrors)
            verify = arguments.isSet(Option.verify)
            if verify && (watch || update) {
                throw LessonError(.usage, "--verify is for one check, not with --watch or --update")
            }
            if verify && check.strategy == .isolated {
                throw LessonError(.usage, "--verify compares the merged strategy with --strategy isolated: give one")
            }
            baseline = try BaselineOption.use(arguments)
            if case .write = baseline, watch || update {
                throw LessonError(.usage, "--write-baseline is for one check, not with --watch or --update")
            }
            if sharding != nil && (watch || update) {
                throw LessonError(.usage, "--shard is for a check in CI, not with --watch or --update")
            }
            if watch && update { throw LessonError(.usage, "--watch and --update cannot be used together") }
        }
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let start = Uptime.now
        let options = try Options(arguments)
        let timings = options.stats ? CheckTimings() : nil
        // What the process ran before this function: the kernel's record of its start.
        let startup = timings == nil ? nil : CheckTimings.processAge().map { max(0, $0 - Uptime.seconds(since: start)) }
        if let startup { timings?.record(.start, seconds: startup) }
        let files = try measure(.discover, timings) {
            try LessonDiscovery.lessonFiles(in: options.paths, excluding: options.exclusions)
        }
        var selection = LessonSelection(
            filter: options.filter, sharding: options.sharding?.assignment(of: files, jobs: options.check.jobs))
        selection.blockLines = options.blockLines
        let toolchain = try measure(.toolchain, timings) { try Toolchain.locate() }
        var checker = LessonChecker(options: options.check, toolchain: toolchain, catalog: options.catalog)
        if options.watch {
            let watcher = LessonWatcher(
                paths: options.paths, checker: checker, selection: selection,
                extraFolders: options.engineFolder.map { [$0] } ?? [])
            watcher.run { report in
                do {
                    try options.emitter.emit(BaselineOption.applying(options.baseline, to: report))
                } catch { printError("error: \(error)") }
            }
        }
        checker.timings = timings
        let showProgress = ProgressLine.shouldShow(textReport: options.emitter.format == .text)
        var report = withProgress(on: &checker, show: showProgress) { $0.check(files: files, selection: selection) }
        if options.verify {
            var reference = checker
            reference.options.strategy = .isolated
            reference.options.cacheDirectory = nil
            reference.timings = nil
            let alone = withProgress(on: &reference, show: showProgress) {
                $0.check(files: files, selection: selection)
            }
            report = StrategyVerification.verified(report, against: alone)
        }
        // One block by its line is checked alone: no lesson's reference solutions.
        if !options.update && options.blockLines.isEmpty {
            report = measure(.solutions, timings) { withSolutions(report, options, toolchain: toolchain) }
        }
        if report.lessons.isEmpty && report.course.isEmpty, let filter = options.filter {
            throw LessonError(.usage, "--filter '\(filter)' selects no lesson and no scenario")
        }
        if options.update {
            report = update(
                report, checker: checker, files: files, selection: selection, format: options.emitter.format)
        }
        report = try BaselineOption.applying(options.baseline, to: report)
        try measure(.emit, timings) { try options.emitter.emit(report) }
        if let timings {
            let total = (startup ?? 0) + Uptime.seconds(since: start)
            printStatistics(seconds: total)
            printError(timings.lines(total: total).joined(separator: "\n"))
        }
        return report.succeeded(warningsAsErrors: options.warningsAsErrors) ? 0 : 1
    }

    /// `report` with a check of every exercise's reference solution beside its lessons, which must get full
    /// marks (`ReferenceSolutions`).
    static func withSolutions(_ report: CheckReport, _ options: Options, toolchain: Toolchain) -> CheckReport {
        ReferenceSolutions.checked(
            report, toolchain: toolchain, catalog: options.catalog, jobs: options.check.jobs,
            cacheDirectory: options.check.cacheDirectory, sandbox: options.check.sandbox)
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

    /// The run limits, `--strategy` and the cache options. `caching`: whether the command keeps a result cache
    /// (coverage does not).
    static func checkOptions(_ values: Arguments, limits: RunLimitOptions, caching: Bool) throws -> CheckOptions {
        var options = CheckOptions()
        try limits.apply(values, to: &options.execution)
        if let strategy = try values.value(SharedOptions.strategy) { options.strategy = strategy }
        guard caching else { return options }
        options.cacheDirectory = try cacheDirectory(values)
        return options
    }

    /// The result cache `--cache-dir` and `--no-cache` ask for: `.build/lesson-cache` by default, nil for none.
    static func cacheDirectory(_ values: Arguments) throws -> String? {
        guard values.isSet(Option.noCache) else {
            return try values.value(Option.cacheDirectory) ?? ".build/lesson-cache"
        }
        guard !values.isGiven(Option.cacheDirectory) else {
            throw LessonError(.usage, "--no-cache and --cache-dir cannot be used together")
        }
        return nil
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
    /// `body` measured as `phase` when `timings` are kept.
    static func measure<Result>(_ phase: CheckTimings.Phase, _ timings: CheckTimings?, _ body: () throws -> Result)
        rethrows -> Result
    {
        guard let timings else { return try body() }
        return try timings.measured(phase, body)
    }

    static func printStatistics(seconds: Double) {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
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
}
