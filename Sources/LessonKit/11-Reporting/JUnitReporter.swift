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
        let suites = report.lessons.map { lesson in
            JUnitDocument.Suite(
                name: lesson.path, seconds: lesson.checks.reduce(0) { $0 + $1.seconds },
                cases: lesson.checks.map { testCase($0, of: lesson, fileAttributes: fileAttributes) })
        }
        return JUnitDocument(
            name: "lesson check", seconds: suites.reduce(0) { $0 + $1.seconds }, suites: suites
        ).render()
    }

    static func testCase(_ check: CheckResult, of lesson: LessonReport, fileAttributes: Bool) -> JUnitDocument.TestCase
    {
        let findings = check.findings + lesson.sharedFindings(of: check)
        let errors = findings.filter(\.isError)
        let outcome: JUnitDocument.Outcome
        switch check.status {
        case .passed: outcome = .passed
        case .skipped: outcome = .skipped(message: check.skipReason ?? "")
        case .baselined:
            outcome = .skipped(
                message: "baselined: its errors are known (" + (findings.first?.kind.rawValue ?? "") + ")")
        case .failed:
            outcome = .failed(
                element: "failure",
                message: errors.first.map { "\($0.location.description): \($0.message)" } ?? "failed",
                type: errors.first?.kind.rawValue ?? "failure", text: errors.flatMap(lines).joined(separator: "\n"))
        }
        return JUnitDocument.TestCase(
            name: name(of: check, in: lesson), className: lesson.path, seconds: check.seconds,
            attributes: fileAttributes ? [("file", lesson.path), ("line", String(check.location.line))] : [],
            outcome: outcome,
            // Warnings and notes fail no test case: they are the test case's output, after its status.
            output: findings.filter { !$0.isError }.flatMap(lines).joined(separator: "\n"))
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

    /// XML escaping, as `JUnitDocument` writes it.
    public static func escape(_ text: String) -> String { JUnitDocument.escape(text) }
}
