import Foundation

/// The report as JSON: one record per check, then the totals. The schema is documented in the README.
public enum JSONReporter {
    struct Document: Encodable {
        var version = 1
        var checks: [Record]
        var totals: Totals
    }

    struct Totals: Encodable {
        var passed: Int
        var failed: Int
        var skipped: Int
    }

    struct Record: Encodable {
        var lesson: String
        var line: Int
        var kind: String
        var name: String
        var status: String
        /// The first finding's message; nil when the check passed.
        var message: String?
        var findings: [FindingRecord]
        var expected: String?
        var actual: String?
        var skipReason: String?
        var duration: Double
    }

    struct FindingRecord: Encodable {
        var line: Int
        var column: Int?
        var kind: String
        var message: String
        var details: [String]
    }

    public static func render(_ report: CheckReport) -> String {
        let records = report.lessons.flatMap { lesson in
            lesson.checks.map { check in
                Record(
                    lesson: lesson.path, line: check.location.line, kind: check.kind.rawValue, name: check.name,
                    status: check.status.rawValue, message: check.findings.first?.message,
                    findings: (check.findings
                        + (check.status == .failed && [.scenario, .exercise].contains(check.kind)
                            ? lesson.lessonFindings : []))
                        .map {
                            FindingRecord(
                                line: $0.location.line, column: $0.location.column, kind: $0.kind.rawValue,
                                message: $0.message, details: $0.details)
                        },
                    expected: check.expectedOutput, actual: check.actualOutput, skipReason: check.skipReason,
                    duration: (check.seconds * 1000).rounded() / 1000)
            }
        }
        let totals = report.totals
        let document = Document(
            checks: records, totals: Totals(passed: totals.passed, failed: totals.failed, skipped: totals.skipped))
        return json(document)
    }

    /// Pretty, key-sorted JSON with a final newline: stable bytes for golden files and diffs.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
