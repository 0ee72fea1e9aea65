import Foundation
import LessonKit

/// `lesson merge`: puts the reports of a sharded run back together. JSON reports of `lesson check --shard`
/// become one report in any format, with the whole course's totals and the exit status the unsharded
/// check would have; `summary.csv` files of `lesson grade --submissions --shard` become one summary.
enum MergeCommand {
    /// The options of `lesson merge`, declared once.
    enum Option {
        static let format = ValueOption(
            "--format", "FORMAT", ReportFormat.helpList + ", as for check", read: ReportFormat.read)
        static let output = ValueOption(
            "--output", "FILE",
            "Write the merged report to FILE (stdout without it); the summary goes to stderr. A report that cannot "
                + "be written exits 2")
        static let color = ValueOption(
            "--color", "WHEN", "Colour the text report: auto, always or never (default: auto)", read: ColorChoice.read)
    }

    static let help = HelpPage(
        overview: """
            Merges the reports of the shards of one run. The JSON reports of lesson check --shard
            (every shard of the run, once) become one report in any format, with the totals of the whole course
            and the exit status the unsharded check would have. The summary.csv files of lesson grade
            --submissions --shard become one summary.csv, every student once, sorted, and (with --output) one
            report.html beside it, the class page of every shard's students.
            """,
        usage: """
            lesson merge [--format FORMAT] [--output FILE] REPORT.json ...
                   lesson merge [--output FILE] SUMMARY.csv ...
            """,
        sections: [
            (
                "OPTIONS",
                [Option.format, Option.output, SharedOptions.junitFileAttributes, Option.color, SharedOptions.help]
            )
        ],
        notes: """
            EXIT STATUS:
              0 every check passed (a merged summary.csv: merged); 1 a check failed; 2 usage error, an
              unreadable or malformed report, a shard missing or given twice, reports of different runs.
            """)

    /// What `lesson merge` was asked, validated: JSON reports into one report, or summaries into one.
    struct Options {
        enum Inputs {
            case reports([String], ReportEmitter)
            case summaries([String], output: String?)
        }

        var inputs: Inputs

        init(_ values: Arguments) throws {
            let paths = values.paths
            guard !paths.isEmpty else {
                throw LessonError(
                    .usage, "merge needs the reports to merge: the shards' JSON reports or summary.csv files")
            }
            let summaries = paths.filter { $0.hasSuffix(".csv") }
            guard !summaries.isEmpty else {
                // A merged report is the report of a course: it gives the course lines, as checking a folder does.
                inputs = .reports(
                    paths,
                    try ReportEmitter(
                        values, format: Option.format, output: Option.output, color: Option.color, courseSummary: true))
                return
            }
            guard summaries.count == paths.count else {
                throw LessonError(.usage, "merge takes JSON reports or summary.csv files, not both")
            }
            guard !values.isGiven(Option.format), !values.isSet(SharedOptions.junitFileAttributes) else {
                throw LessonError(.usage, "summary.csv files merge into a summary.csv: --format is for JSON reports")
            }
            inputs = .summaries(summaries, output: try values.value(Option.output))
        }
    }

    static func run(_ values: Arguments) throws -> Int32 {
        switch try Options(values).inputs {
        case .summaries(let paths, let output):
            return try mergeSummaries(paths, output: output)
        case .reports(let paths, let emitter):
            var reports: [(name: String, report: CheckReport)] = []
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw LessonError(.usage, "\(path): cannot read the report")
                }
                reports.append((path, try JSONReportReader.read(data, name: path)))
            }
            let merged = try ReportMerge.merge(reports)
            try emitter.emit(merged)
            return merged.succeeded ? 0 : 1
        }
    }

    static func mergeSummaries(_ paths: [String], output: String?) throws -> Int32 {
        var files: [(name: String, text: String)] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw LessonError(.usage, "\(path): cannot read the summary")
            }
            files.append((path, String(decoding: data, as: UTF8.self)))
        }
        let merged = try SummaryMerge.merge(files)
        if let output { try ReportFile.write(merged, to: output) } else { writeOut(merged) }
        let students = try SummaryMerge.records(merged, name: "the merged summary").count - 1
        printError("merged \(paths.count) summaries: \(students) students")
        if let output { try writeClassPage(summaries: paths, files: files, beside: output) }
        return 0
    }

    /// The class page of the merged class, `report.html` beside the merged summary: each student's row
    /// read from the shard that graded them, and linked to their feedback there.
    static func writeClassPage(summaries: [String], files: [(name: String, text: String)], beside output: String)
        throws
    {
        let pageFolder = Paths.parent(Paths.absolute(output))
        var students: [ClassPage.Student] = []
        for (path, file) in zip(summaries, files) {
            let names = try SummaryMerge.students(file.text, name: file.name)
            let folder = Paths.parent(Paths.absolute(path))
            students += ClassPage.students(names, in: folder, pageFolder: pageFolder)
        }
        students.sort { StudentName.precedes($0.name, $1.name) }
        let first = students.lazy.compactMap(\.result).first
        let page = ClassPage.render(
            exercise: first?.exercise ?? "", language: first?.language, students: students)
        try ReportFile.write(page, to: pageFolder + "/report.html")
    }
}
