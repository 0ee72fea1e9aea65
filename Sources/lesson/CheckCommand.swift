import Foundation
import LessonKit

/// `lesson check`: check lessons and report every finding.
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let start = DispatchTime.now()
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help", "--no-cache", "--stats", "--update", "--watch"],
            options: [
                "--timeout", "--max-output", "--jobs", "--color", "--engines", "--strategy", "--cache-dir", "--format",
                "--filter", "--output", "--build-timeout", "--build-memory-limit",
            ])
        if values["--help"] != nil {
            print(Help.check)
            return 0
        }
        var options = CheckOptions()
        try options.apply(values)
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
        if values["--output"] != nil && values["--format"] != "html" {
            throw UsageError(description: "--output is for --format html")
        }
        let format = try ReportFormat.parse(values["--format"] ?? "text")
        if values["--watch"] != nil {
            guard values["--update"] == nil else {
                throw UsageError(description: "--watch and --update cannot be used together")
            }
            let watcher = LessonWatcher(
                paths: paths, checker: LessonChecker(options: options, toolchain: toolchain, catalog: catalog),
                selection: LessonSelection(filter: values["--filter"]),
                extraFolders: values["--engines"].map { [$0] } ?? [])
            watcher.run { report in
                emit(
                    report, format: format, useColor: useColor, courseSummary: paths.contains(where: isFolder),
                    htmlOutput: values["--output"])
            }
        }
        let selection = LessonSelection(filter: values["--filter"])
        var checker = LessonChecker(options: options, toolchain: toolchain, catalog: catalog)
        var report = withProgress(on: &checker, show: ProgressLine.shouldShow(textReport: format == .text)) {
            $0.check(files: files, selection: selection)
        }
        if report.lessons.isEmpty, let filter = values["--filter"] {
            throw UsageError(description: "--filter '\(filter)' selects no lesson and no scenario")
        }
        if values["--update"] != nil {
            var outcome = LessonUpdater.update(report)
            var lines = outcome.changes
            // A refreshed engine reprint changes what its lesson's scenarios print: check and accept again.
            var rounds = 1
            while outcome.rewroteEngine && rounds < 3 {
                outcome = LessonUpdater.update(checker.check(files: files, selection: selection))
                lines += outcome.changes
                rounds += 1
            }
            report = outcome.report
            lines += outcome.refused
            if !lines.isEmpty {
                let text = lines.joined(separator: "\n") + "\n"
                // A machine format keeps stdout for itself.
                if format == .text { writeOut(text) } else { printError(text, newline: false) }
            }
        }
        emit(
            report, format: format, useColor: useColor, courseSummary: paths.contains(where: isFolder),
            htmlOutput: values["--output"])
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

    /// Writes the report in `format`: with a machine format stdout holds that format only, and the human
    /// summary goes to stderr.
    static func emit(
        _ report: CheckReport, format: ReportFormat, useColor: Bool, courseSummary: Bool, htmlOutput: String? = nil
    ) {
        let text = TextReporter(useColor: useColor)
        switch format {
        case .text:
            writeOut(text.render(report, courseSummary: courseSummary))
        case .json, .junit, .github:
            writeOut(format.render(report))
            printError(TextReporter.summary(report.totals))
        case .html:
            do {
                try writeHTML(format.render(report), to: htmlOutput)
            } catch {
                printError("error: cannot write \(htmlOutput ?? "the report"): \(error)")
            }
            printError(TextReporter.summary(report.totals))
        }
    }

    /// Writes an HTML page to `path` (atomically), or to stdout without one.
    static func writeHTML(_ page: String, to path: String?) throws {
        guard let path else { return writeOut(page) }
        try Data(page.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
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
