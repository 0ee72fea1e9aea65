import Foundation
import LessonKit

/// `lesson coverage`: which engine code no lesson reaches.
enum CoverageCommand {
    /// The options of `lesson coverage`, declared once.
    enum Option {
        static let byLesson = Flag(
            "--by-lesson", "Also list, for each engine line, the lessons whose scenarios reach it")
        static let minLines = ValueOption(
            "--min-lines", "PERCENT", "Exit 1 when an engine's line coverage is below PERCENT (for CI)",
            read: OptionValues.percentage)
        static let format = ValueOption(
            "--format", "FORMAT",
            CoverageFormat.helpList
        ) { name, text in try CoverageFormat.read(name, text) == .html }
        static let output = ValueOption("--output", "FILE", "With --format html: write the page to FILE")
        static let limits = RunLimitOptions(
            timeout: SharedOptions.timeout("scenario run"), maxOutput: SharedOptions.maxOutput("a scenario"),
            buildTimeout: SharedOptions.buildTimeout("one build", seconds: 300))
        static let shard = SharedOptions.shard("Measure only the lessons of shard INDEX of COUNT")
        static let durations = SharedOptions.durations("an earlier JSON report of lesson check")
    }

    static let help = HelpPage(
        overview: """
            Builds every scenario with the toolchain's coverage instrumentation, runs it, and reports per
            engine its line and region coverage and every region no lesson reaches, as
            `path:line: note: no lesson reaches this (…)` at the engine's own file (a canonical engine) or at the
            lesson line (a reprinted engine). A normal check is never affected.
            """,
        usage: "lesson coverage [options] [PATH ...]",
        sections: [
            (
                "OPTIONS",
                [Option.byLesson, Option.minLines, Option.format, Option.output, SharedOptions.engines]
                    + Option.limits.all + [SharedOptions.strategy, Option.shard, Option.durations, SharedOptions.help]
            )
        ],
        notes: """
            EXIT STATUS:
              0 measured (and above --min-lines); 1 below --min-lines; 2 usage error or no lesson found.
            """)

    /// What `lesson coverage` was asked, validated.
    struct Options {
        var check: CheckOptions
        var catalog: EngineCatalog
        var threshold: Double?
        var html: Bool
        var output: String?
        var byLesson: Bool
        var files: [String]

        init(_ arguments: Arguments) throws {
            check = try CheckCommand.checkOptions(arguments, limits: Option.limits, caching: false)
            catalog = try arguments.value(SharedOptions.engines)?.catalog ?? EngineCatalog.ofCourse()
            threshold = try arguments.value(Option.minLines)
            html = try arguments.value(Option.format) ?? false
            output = try arguments.value(Option.output)
            if output != nil && !html { throw LessonError(.usage, "--output is for --format html") }
            byLesson = arguments.isSet(Option.byLesson)
            files = try LessonDiscovery.lessonFiles(in: try arguments.lessonPaths())
            // A shard measures the scenarios of its lessons: engine coverage of that part of the course.
            if let sharding = try ShardOption.parse(arguments, shard: Option.shard, durations: Option.durations) {
                files = sharding.selectLessons(files, jobs: check.jobs)
            }
        }
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let options = try Options(arguments)
        // In this repository, reports point at the engines' own sources.
        let report = try CoverageRunner(
            options: options.check.execution, toolchain: try Toolchain.locate(), catalog: options.catalog,
            engineSources: "Sources/Engines"
        ).measure(files: options.files, byLesson: options.byLesson)

        if options.html {
            let page = HTMLReporter.render(check: nil, coverage: report, title: "Engine coverage by lessons")
            if let output = options.output { try ReportFile.write(page, to: output) } else { writeOut(page) }
            printError(
                report.text(byLesson: false).split(separator: "\n").filter { $0.hasPrefix("engine ") }.joined(
                    separator: "\n"))
        } else {
            writeOut(report.text(byLesson: options.byLesson))
        }
        guard let threshold = options.threshold else { return 0 }
        let below = report.engines.filter { $0.linePercent < threshold }
        for engine in below {
            printError(
                "error: engine \(engine.name): line coverage \(String(format: "%.1f", engine.linePercent))% is below "
                    + "--min-lines \(Self.percent(threshold))")
        }
        return below.isEmpty ? 0 : 1
    }

    /// A threshold as the user would have written it: `80`, not `80.0`.
    static func percent(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
