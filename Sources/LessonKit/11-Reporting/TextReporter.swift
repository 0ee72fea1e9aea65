/// Renders a check as a compiler would: `path:line:column: error: message`, the diff or diagnostics under it,
/// then the totals. Colour is for terminals only; the bytes are otherwise the same.
public struct TextReporter: Sendable {
    public var useColor: Bool

    public init(useColor: Bool) { self.useColor = useColor }

    private enum Style: String {
        case bold = "\u{1B}[1m"
        case red = "\u{1B}[31m"
        case boldRed = "\u{1B}[1;31m"
        case green = "\u{1B}[32m"
        case cyan = "\u{1B}[36m"
        case boldMagenta = "\u{1B}[1;35m"
        case dim = "\u{1B}[2m"
    }

    private func styled(_ text: String, _ style: Style) -> String {
        useColor ? style.rawValue + text + "\u{1B}[0m" : text
    }

    /// The lines of one finding.
    public func render(_ finding: Finding) -> [String] {
        // What comes from a lesson or a program is escaped before it is styled: only the styles are sequences.
        let label: Style =
            switch finding.severity {
            case .error: .boldRed
            case .warning: .boldMagenta
            case .note: .dim
            }
        var lines = [
            styled(TerminalSafe.escape(finding.location.description) + ":", .bold) + " "
                + styled(finding.severity.rawValue + ":", label) + " " + TerminalSafe.escape(finding.message)
        ]
        lines += finding.details.map(TerminalSafe.escape)
        for line in finding.diff {
            let text = TerminalSafe.escape(line.unified)
            switch line {
            case .hunk: lines.append(styled(text, .cyan))
            case .removed: lines.append(styled(text, .red))
            case .inserted: lines.append(styled(text, .green))
            case .same: lines.append(text)
            }
        }
        return lines
    }

    /// Every finding of every lesson, in order, then a line per course folder that holds code blocks when
    /// `courseSummary` is set, then the totals. The known errors of a baseline are counted in the totals, not
    /// listed (every other format lists them, as notes).
    public func render(_ report: CheckReport, courseSummary: Bool = false) -> String {
        var lines: [String] = []
        var known = 0
        for lesson in report.lessons {
            for finding in lesson.findings {
                if finding.isBaselined {
                    known += 1
                    continue
                }
                lines += render(finding)
            }
            for check in lesson.checks where check.status == .skipped {
                lines.append(
                    styled(check.location.description + ":", .bold) + " " + styled("note:", .dim)
                        + " skipped \(check.kind.rawValue): \(TerminalSafe.escape(check.skipReason ?? ""))")
            }
        }
        if courseSummary {
            lines += report.courses.filter { $0.codeBlocks > 0 }.map(Self.summary)
        }
        lines.append(Self.summary(report.totals, knownErrors: known))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Lessons/uikit: 5 lessons, 40 code blocks, 11 scenarios, 8 snippets, 3 engine reprints, 0 failures`.
    public static func summary(_ course: CheckReport.CourseSummary) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var parts = [
            count(course.lessons, "lesson"), count(course.codeBlocks, "code block"),
            count(course.scenarios, "scenario"), count(course.snippets, "snippet"),
        ]
        if course.listings > 0 { parts.append(count(course.listings, "listing")) }
        if course.bookTests > 0 { parts.append(count(course.bookTests, "book test")) }
        parts += [count(course.driftChecks, "engine reprint"), count(course.failures, "failure")]
        return "\(course.folder): " + parts.joined(separator: ", ")
    }

    /// `N passed, N failed`, with `, N skipped` when any check was skipped, `, N baselined` when a baseline knew
    /// any (and how many known errors that passed over, when `knownErrors` says), and `, N warnings` when any
    /// finding was a warning.
    public static func summary(_ totals: CheckReport.Totals, knownErrors: Int = 0) -> String {
        var text = "\(totals.passed) passed, \(totals.failed) failed"
        if totals.skipped > 0 { text += ", \(totals.skipped) skipped" }
        if totals.baselined > 0 { text += ", \(totals.baselined) baselined" }
        if knownErrors > 0 {
            text += " (\(knownErrors) known error\(knownErrors == 1 ? "" : "s") passed over; --no-baseline lists them)"
        }
        if totals.warnings > 0 { text += ", \(totals.warnings) warning\(totals.warnings == 1 ? "" : "s")" }
        if totals.outputComments > 0 {
            text += ", \(totals.outputComments) output comment\(totals.outputComments == 1 ? "" : "s") checked"
        }
        return text
    }
}
