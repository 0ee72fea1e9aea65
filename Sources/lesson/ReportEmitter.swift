import Foundation
import LessonKit

/// `--color`: colour on a terminal only (`auto`), always, or never; never when NO_COLOR is set.
enum ColorChoice: String, Sendable {
    case auto, always, never

    @Sendable static func read(_ name: String, _ value: String) throws -> ColorChoice {
        guard let choice = ColorChoice(rawValue: value) else {
            throw LessonError(.usage, "\(name) takes auto, always or never, not '\(value)'")
        }
        return choice
    }

    /// Whether the report on stdout is coloured.
    var colors: Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        switch self {
        case .always: return !noColor
        case .never: return false
        case .auto: return !noColor && isatty(STDOUT_FILENO) == 1
        }
    }
}

/// Where and how a check report goes: stdout or `--output FILE`, in one format. With a machine format, or
/// with `--output`, stdout holds only that format (or nothing) and the summary line goes to stderr.
struct ReportEmitter {
    var format: ReportFormat
    var useColor: Bool
    /// A line per course folder before the totals (text format).
    var courseSummary: Bool
    var output: String?
    var junitFileAttributes = false

    /// Reads the command's own `--format` and `--output` (their help differs between commands), and the
    /// shared `--color` and `--junit-file-attributes`.
    init(
        _ values: Arguments, format formatOption: ValueOption<ReportFormat>, output outputOption: ValueOption<String>,
        color colorOption: ValueOption<ColorChoice> = SharedOptions.color, courseSummary: Bool
    ) throws {
        format = try values.value(formatOption) ?? .text
        output = try values.value(outputOption)
        useColor = (try values.value(colorOption) ?? .auto).colors && output == nil
        self.courseSummary = courseSummary
        junitFileAttributes = values.isSet(SharedOptions.junitFileAttributes)
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
