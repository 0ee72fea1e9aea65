import Foundation

/// The report as JSON: the lessons, one record per check, then the totals. The schema is documented in the
/// README; `JSONReportReader` reads it back for `lesson merge`.
public enum JSONReporter {
    struct Document: Codable {
        var version = 1
        /// Every lesson of the run, in order; for a shard, with the shard that checks each one.
        var lessons: [CourseEntry]?
        var shard: Shard?
        var checks: [Record]
        var totals: Totals
    }

    struct Totals: Codable {
        var passed: Int
        var failed: Int
        var skipped: Int
        /// Absent in reports written before severities existed.
        var warnings: Int?
        /// Checks a baseline knew; absent when there were none.
        var baselined: Int?
    }

    struct Record: Codable {
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
        /// Output comments the output was compared with; absent when none.
        var outputComments: Int?
    }

    struct FindingRecord: Codable {
        /// Set only when the finding is in another file than the lesson (an engine file).
        var file: String?
        var line: Int
        var column: Int?
        var kind: String
        /// `error`, `warning` or `note`; absent in reports written before severities existed (an error).
        var severity: String?
        var message: String
        var details: [String]
        /// `lesson` for a finding of the whole lesson (an engine that does not build), repeated in each of
        /// its failed scenarios.
        var scope: String?
    }

    public static func render(_ report: CheckReport) -> String {
        let records = report.lessons.flatMap { lesson in
            lesson.checks.map { record($0, of: lesson) }
        }
        let totals = report.totals
        let lessons =
            report.shard != nil
            ? report.course
            : report.lessons.map {
                CourseEntry(path: $0.path, title: $0.title, language: $0.language, codeBlocks: $0.codeBlocks)
            }
        let document = Document(
            lessons: lessons, shard: report.shard, checks: records,
            totals: Totals(
                passed: totals.passed, failed: totals.failed, skipped: totals.skipped, warnings: totals.warnings,
                baselined: totals.baselined > 0 ? totals.baselined : nil))
        return StableJSON.text(document)
    }

    static func record(_ check: CheckResult, of lesson: LessonReport) -> Record {
        let shared = lesson.sharedFindings(of: check)
        func finding(_ finding: Finding, scope: String?) -> FindingRecord {
            FindingRecord(
                file: finding.location.path == lesson.path ? nil : finding.location.path,
                line: finding.location.line, column: finding.location.column, kind: finding.kind.rawValue,
                severity: finding.severity.rawValue, message: finding.message, details: finding.detailLines,
                scope: scope)
        }
        return Record(
            lesson: lesson.path, line: check.location.line, kind: check.kind.rawValue, name: check.name,
            status: check.status.rawValue, message: check.findings.first(where: \.isError)?.message,
            findings: check.findings.map { finding($0, scope: nil) } + shared.map { finding($0, scope: "lesson") },
            expected: check.expectedOutput, actual: check.actualOutput, skipReason: check.skipReason,
            duration: (check.seconds * 1000).rounded() / 1000, outputComments: check.outputComments)
    }
}
