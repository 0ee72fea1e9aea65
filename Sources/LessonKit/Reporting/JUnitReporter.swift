/// The report as JUnit XML, as CI systems render it: a `testsuite` per lesson, a `testcase` per scenario,
/// snippet and drift check, with each failure's message and diff, and skipped checks marked skipped.
public enum JUnitReporter {
    public static func render(_ report: CheckReport) -> String {
        let totals = report.totals
        let allSeconds = report.lessons.flatMap(\.checks).reduce(0) { $0 + $1.seconds }
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        xml.append(
            "<testsuites name=\"lesson check\" tests=\"\(totals.passed + totals.failed + totals.skipped)\" "
                + "failures=\"\(totals.failed)\" errors=\"0\" skipped=\"\(totals.skipped)\" time=\"\(seconds(allSeconds))\">"
        )
        for lesson in report.lessons {
            let failed = lesson.checks.filter { $0.status == .failed }.count
            let skipped = lesson.checks.filter { $0.status == .skipped }.count
            let time = lesson.checks.reduce(0) { $0 + $1.seconds }
            xml.append(
                "  <testsuite name=\"\(escape(lesson.path))\" tests=\"\(lesson.checks.count)\" failures=\"\(failed)\" "
                    + "errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(time))\">")
            for check in lesson.checks {
                let name = "\(check.location.line): \(check.kind.rawValue) \(check.name)"
                let open =
                    "    <testcase name=\"\(escape(name))\" classname=\"\(escape(lesson.path))\" "
                    + "file=\"\(escape(lesson.path))\" line=\"\(check.location.line)\" time=\"\(seconds(check.seconds))\""
                let findings =
                    check.findings
                    + (check.status == .failed && [.scenario, .exercise].contains(check.kind)
                        ? lesson.lessonFindings : [])
                switch check.status {
                case .passed:
                    xml.append(open + "/>")
                case .skipped:
                    xml.append(open + ">")
                    xml.append("      <skipped message=\"\(escape(check.skipReason ?? ""))\"/>")
                    xml.append("    </testcase>")
                case .failed:
                    xml.append(open + ">")
                    let message = findings.first.map { "\($0.location.description): \($0.message)" } ?? "failed"
                    let body = findings.flatMap { ["\($0.location.description): error: \($0.message)"] + $0.details }
                    xml.append(
                        "      <failure message=\"\(escape(message))\" type=\"\(findings.first?.kind.rawValue ?? "failure")\">"
                            + escape(body.joined(separator: "\n")) + "</failure>")
                    xml.append("    </testcase>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    /// XML text and attribute escaping; characters XML 1.0 cannot hold become U+FFFD.
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
