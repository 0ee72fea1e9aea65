import Foundation
import LessonKit

/// `lesson coverage`: which engine code no lesson reaches.
enum CoverageCommand {
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
                [
                    .flag("--by-lesson", "Also list, for each engine line, the lessons whose scenarios reach it"),
                    .option(
                        "--min-lines", "PERCENT", "Exit 1 when an engine's line coverage is below PERCENT (for CI)"),
                    .option(
                        "--format", "FORMAT",
                        "text (default) or html (one self-contained page, with the engines' sources and their "
                            + "unreached lines marked)"),
                    .option("--output", "FILE", "With --format html: write the page to FILE"),
                    .engines, .jobs, .timeout("scenario run"), .maxOutput("a scenario"),
                    .buildTimeout("one build", seconds: 300), .buildMemoryLimit, .strategy,
                    .shard("Measure only the lessons of shard INDEX of COUNT"),
                    .durations("an earlier JSON report of lesson check"), .help,
                ]
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
            check = try CheckCommand.checkOptions(arguments, caching: false)
            catalog = try arguments["--engines"].map { try EngineCatalog.builtIn.adding(directory: $0) } ?? .builtIn
            if let text = arguments["--min-lines"] {
                guard let value = Double(text), value >= 0, value <= 100 else {
                    throw LessonError(.usage, "--min-lines needs a percentage from 0 to 100, not '\(text)'")
                }
                threshold = value
            }
            let format = arguments["--format"] ?? "text"
            guard ["text", "html"].contains(format) else {
                throw LessonError(.usage, "--format takes text or html, not '\(format)'")
            }
            html = format == "html"
            output = arguments["--output"]
            if output != nil && !html { throw LessonError(.usage, "--output is for --format html") }
            byLesson = arguments.has("--by-lesson")
            files = try LessonDiscovery.lessonFiles(in: try arguments.lessonPaths())
            // A shard measures the scenarios of its lessons: engine coverage of that part of the course.
            if let sharding = try ShardOption.parse(arguments) { files = sharding.select(files) }
        }
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let options = try Options(arguments)
        // In this repository, reports point at the engines' own sources.
        let report = try CoverageRunner(
            options: options.check, toolchain: try Toolchain.locate(), catalog: options.catalog,
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
                    + "--min-lines \(arguments["--min-lines"]!)")
        }
        return below.isEmpty ? 0 : 1
    }
}
