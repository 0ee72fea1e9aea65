import LessonKit

/// Where and how a check report goes: stdout or `--output FILE`, in one format. With a machine format, or
/// with `--output`, stdout holds only that format (or nothing) and the summary line goes to stderr.
struct ReportEmitter {
    var format: ReportFormat
    var useColor: Bool
    /// A line per course folder before the totals (text format).
    var courseSummary: Bool
    var output: String?
    var junitFileAttributes = false

    init(_ values: Arguments, courseSummary: Bool) throws {
        format = try ReportFormat.parse(values["--format"] ?? "text")
        useColor = try CheckCommand.colorChoice(values["--color"] ?? "auto") && values["--output"] == nil
        self.courseSummary = courseSummary
        output = values["--output"]
        junitFileAttributes = values.has("--junit-file-attributes")
        if junitFileAttributes && format != .junit {
            throw LessonError(.usage, "--junit-file-attributes is for --format junit")
        }
    }

    /// Writes the report; a report that cannot be written throws `ReportFile.unwritable`.
    func emit(_ report: CheckReport) throws {
        let rendered =
            format == .text
            ? TextReporter(useColor: useColor).render(report, courseSummary: courseSummary)
            : format.render(report, junitFileAttributes: junitFileAttributes)
        if let output {
            try ReportFile.write(rendered, to: output)
            printError(TextReporter.summary(report.totals))
        } else {
            writeOut(rendered)
            if format != .text { printError(TextReporter.summary(report.totals)) }
        }
    }
}
