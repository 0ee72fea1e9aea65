/// The report as JUnit XML, as CI systems render it: a `testsuite` per lesson, a `testcase` per scenario,
/// snippet and drift check, with each failure's message and diff, and skipped and baselined checks marked
/// skipped (a baselined check's known errors are its output).
///
/// By default it is valid against the Jenkins xUnit plugin's `junit-10.xsd` (which skips files that fail
/// it) and, suite by suite, Maven Surefire's `surefire-test-report-3.0.xsd`: the file and line are in each
/// test case's name and failure text, not in attributes those schemas do not have. `fileAttributes` adds
/// `file` and `line` to each test case, for readers that want them (GitLab reads `file`).
public enum JUnitReporter {
    public static func render(_ report: CheckReport, fileAttributes: Bool = false) -> String {
        let totals = report.totals
        let allSeconds = report.lessons.flatMap(\.checks).reduce(0) { $0 + $1.seconds }
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        xml.append(
            "<testsuites name=\"lesson check\" "
                + "tests=\"\(totals.passed + totals.failed + totals.skipped + totals.baselined)\" "
                + "failures=\"\(totals.failed)\" errors=\"0\" time=\"\(seconds(allSeconds))\">")
        for lesson in report.lessons {
            let failed = lesson.checks.filter { $0.status == .failed }.count
            let skipped = lesson.checks.filter { $0.status == .skipped || $0.status == .baselined }.count
            let time = lesson.checks.reduce(0) { $0 + $1.seconds }
            xml.append(
                "  <testsuite name=\"\(escape(lesson.path))\" tests=\"\(lesson.checks.count)\" failures=\"\(failed)\" "
                    + "errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(time))\">")
            for check in lesson.checks {
                xml += testCase(check, of: lesson, fileAttributes: fileAttributes)
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    static func testCase(_ check: CheckResult, of lesson: LessonReport, fileAttributes: Bool) -> [String] {
        var open =
            "    <testcase name=\"\(escape(name(of: check, in: lesson)))\" classname=\"\(escape(lesson.path))\" "
            + "time=\"\(seconds(check.seconds))\""
        if fileAttributes { open += " file=\"\(escape(lesson.path))\" line=\"\(check.location.line)\"" }
        let findings = check.findings + lesson.sharedFindings(of: check)
        let errors = findings.filter(\.isError)
        // Warnings and notes fail no test case: they are the test case's output, after its status.
        let others = findings.filter { !$0.isError }.flatMap(lines)
        let output =
            others.isEmpty ? [] : ["      <system-out>" + escape(others.joined(separator: "\n")) + "</system-out>"]
        switch check.status {
        case .passed:
            return output.isEmpty ? [open + "/>"] : [open + ">"] + output + ["    </testcase>"]
        case .skipped:
            return [open + ">", "      <skipped message=\"\(escape(check.skipReason ?? ""))\"/>"] + output
                + ["    </testcase>"]
        case .baselined:
            let reason = "baselined: its errors are known (" + (findings.first?.kind.rawValue ?? "") + ")"
            return [open + ">", "      <skipped message=\"\(escape(reason))\"/>"] + output + ["    </testcase>"]
        case .failed:
            let message = errors.first.map { "\($0.location.description): \($0.message)" } ?? "failed"
            let body = errors.flatMap(lines)
            return [
                open + ">",
                "      <failure message=\"\(escape(message))\" type=\"\(errors.first?.kind.rawValue ?? "failure")\">"
                    + escape(body.joined(separator: "\n")) + "</failure>",
            ] + output + ["    </testcase>"]
        }
    }

    /// A finding as a compiler prints it, then its details.
    private static func lines(_ finding: Finding) -> [String] {
        ["\(finding.location.description): \(finding.severity.rawValue): \(finding.message)"] + finding.detailLines
    }

    /// `path:line: kind name`, without saying a word twice: `…:156: snippet`, not
    /// `156: snippet snippet at line 156`; `…:3: Sync.swift drift`.
    static func name(of check: CheckResult, in lesson: LessonReport) -> String {
        let line = check.location.line
        var what = check.name
        if what.hasSuffix(" at line \(line)") { what = String(what.dropLast(" at line \(line)".count)) }
        let kind = check.kind.rawValue
        let label: String
        if check.kind == .lesson || what.isEmpty {
            label = kind  // a lesson check's name is its path, already said
        } else if what.split(separator: " ").contains(Substring(kind)) {
            label = what
        } else {
            label = "\(kind) \(what)"
        }
        return "\(lesson.path):\(line): \(label)"
    }

    /// XML text and attribute escaping; characters XML 1.0 cannot hold become U+FFFD. What would change how the
    /// file reads without being seen (bidirectional controls such as U+202E, the line and paragraph separators
    /// U+2028 and U+2029, C1 controls) is a character reference: the same text to an XML reader, visible bytes
    /// to a person.
    public static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.isInvisibleFormatting:
                result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
            default:
                let allowed = scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value)
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
