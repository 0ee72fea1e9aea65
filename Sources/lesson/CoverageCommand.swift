import Foundation
import LessonKit

/// `lesson coverage`: which engine code no lesson reaches.
enum CoverageCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = Arguments(arguments)
        let values = try parser.parse(
            flags: ["--help", "--by-lesson"],
            options: [
                "--min-lines", "--format", "--output", "--engines", "--jobs", "--timeout", "--max-output", "--shard",
                "--durations", "--build-timeout", "--build-memory-limit",
            ])
        if values["--help"] != nil {
            print(Help.coverage)
            return 0
        }
        var options = CheckOptions()
        try options.apply(values)
        var threshold: Double?
        if let text = values["--min-lines"] {
            guard let value = Double(text), value >= 0, value <= 100 else {
                throw LessonError(.usage, "--min-lines needs a percentage from 0 to 100, not '\(text)'")
            }
            threshold = value
        }
        let format = values["--format"] ?? "text"
        guard ["text", "html"].contains(format) else {
            throw LessonError(.usage, "--format takes text or html, not '\(format)'")
        }
        if values["--output"] != nil && format != "html" {
            throw LessonError(.usage, "--output is for --format html")
        }
        var catalog = EngineCatalog.builtIn
        if let directory = values["--engines"] { catalog = try catalog.adding(directory: directory) }
        var files = try LessonDiscovery.lessonFiles(in: try parser.lessonPaths())
        // A shard measures the scenarios of its lessons: engine coverage of that part of the course.
        if let sharding = try ShardOption.parse(values) { files = sharding.select(files) }
        // In this repository, reports point at the engines' own sources.
        let report = try CoverageRunner(
            options: options, toolchain: try Toolchain.locate(), catalog: catalog, engineSources: "Sources/Engines"
        ).measure(files: files, byLesson: values["--by-lesson"] != nil)

        if format == "html" {
            let page = HTMLReporter.render(check: nil, coverage: report, title: "Engine coverage by lessons")
            if let output = values["--output"] { try ReportFile.write(page, to: output) } else { writeOut(page) }
            printError(
                report.text(byLesson: false).split(separator: "\n").filter { $0.hasPrefix("engine ") }.joined(
                    separator: "\n"))
        } else {
            writeOut(report.text(byLesson: values["--by-lesson"] != nil))
        }
        guard let threshold else { return 0 }
        let below = report.engines.filter { $0.linePercent < threshold }
        for engine in below {
            printError(
                "error: engine \(engine.name): line coverage \(String(format: "%.1f", engine.linePercent))% is below "
                    + "--min-lines \(values["--min-lines"]!)")
        }
        return below.isEmpty ? 0 : 1
    }
}
