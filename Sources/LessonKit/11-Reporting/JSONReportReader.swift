import Foundation

/// Reads a JSON report (`--format json`) back into a check report, for `lesson merge`: every check with
/// its findings, expected and actual output, skip reason and duration; the findings of a whole lesson once.
package enum JSONReportReader {

    package static func read(_ data: Data, name: String) throws -> CheckReport {
        let document: JSONReporter.Document
        do {
            document = try JSONDecoder().decode(JSONReporter.Document.self, from: data)
        } catch {
            throw LessonError(.invalidReport, "\(name): not a JSON report of lesson check (\(reason(error)))")
        }
        guard document.version == 1 else {
            throw LessonError(
                .invalidReport, "\(name): JSON report version \(document.version); this lesson reads version 1")
        }
        var lessons: [LessonReport] = []
        for record in document.checks {
            if lessons.last?.path != record.lesson {
                lessons.append(LessonReport(path: record.lesson, checks: []))
            }
            let check = try self.check(record, name: name)
            lessons[lessons.count - 1].checks.append(check)
            for finding in record.findings where finding.scope == "lesson" {
                let shared = try self.finding(finding, lesson: record.lesson, name: name)
                if !lessons[lessons.count - 1].lessonFindings.contains(shared) {
                    lessons[lessons.count - 1].lessonFindings.append(shared)
                }
            }
        }
        let listed = document.lessons ?? []
        // Found by path, a lookup each: a shard's report lists every lesson of the course.
        let entries = Dictionary(listed.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        if document.shard == nil && !listed.isEmpty {
            // Every lesson of the run, those without a check included, in the run's order.
            let checked = Dictionary(lessons.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            lessons = listed.map { entry in checked[entry.path] ?? LessonReport(path: entry.path, checks: []) }
        }
        for index in lessons.indices {
            let entry = entries[lessons[index].path]
            lessons[index].title = entry?.title
            lessons[index].language = entry?.language
            lessons[index].codeBlocks = entry?.codeBlocks ?? 0
            lessons[index].lessonFindings.sort { $0.location < $1.location }
        }
        return CheckReport(lessons: lessons, shard: document.shard, course: document.shard == nil ? [] : listed)
    }

    static func check(_ record: JSONReporter.Record, name: String) throws -> CheckResult {
        guard let kind = CheckResult.Kind(rawValue: record.kind), let status = CheckStatus(rawValue: record.status)
        else {
            throw LessonError(
                .invalidReport, "\(name): unknown check kind or status '\(record.kind)', '\(record.status)'")
        }
        var check = CheckResult(
            kind: kind, location: SourceLocation(path: record.lesson, line: record.line), name: record.name,
            status: status,
            findings: try record.findings.filter { $0.scope != "lesson" }.map {
                try finding($0, lesson: record.lesson, name: name)
            },
            actualOutput: record.actual, seconds: record.duration)
        check.expectedOutput = record.expected
        check.skipReason = record.skipReason
        check.outputComments = record.outputComments
        return check
    }

    static func finding(_ record: JSONReporter.FindingRecord, lesson: String, name: String) throws -> Finding {
        guard let kind = Finding.Kind(rawValue: record.kind) else {
            throw LessonError(.invalidReport, "\(name): unknown finding kind '\(record.kind)'")
        }
        let severity = try record.severity.map { written in
            guard let severity = Severity(rawValue: written) else {
                throw LessonError(.invalidReport, "\(name): unknown finding severity '\(written)'")
            }
            return severity
        }
        let location = SourceLocation(path: record.file ?? lesson, line: record.line, column: record.column)
        // The findings about a difference hold their diff alone; read it back typed.
        if kind == .outputMismatch || kind == .drift {
            let diff = record.details.compactMap(DiffLine.init(unified:))
            if diff.count == record.details.count {
                return Finding(kind, at: location, record.message, diff: diff, severity: severity)
            }
        }
        return Finding(kind, at: location, record.message, details: record.details, severity: severity)
    }

    /// A decoding error in one line: what is wrong and where, without Foundation's domain and code.
    static func reason(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "no '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "wrong value at \(path(context))"
        case .dataCorrupted?:
            return "not valid JSON"
        default:
            return "unreadable"
        }
    }

    static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
    }
}
