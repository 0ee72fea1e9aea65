/// `lesson check --verify`: every check of the default strategy compared with the same check built alone,
/// the reference (the reader's build). A check whose status, output or findings differ fails, at its own
/// location, with both results; a course's nightly CI can run it to show the fast path changes nothing.
package enum StrategyVerification {
    /// `merged` with a `strategy-mismatch` finding on each check that differs from its check in `alone`.
    package static func verified(_ merged: CheckReport, against alone: CheckReport) -> CheckReport {
        var reference: [Key: CheckResult] = [:]
        for lesson in alone.lessons {
            for check in lesson.checks { reference[Key(check)] = check }
        }
        var report = merged
        for lessonIndex in report.lessons.indices {
            for checkIndex in report.lessons[lessonIndex].checks.indices {
                let check = report.lessons[lessonIndex].checks[checkIndex]
                guard let built = reference[Key(check)], let difference = difference(check, built) else { continue }
                var verified = check
                verified.status = .failed
                verified.findings.append(
                    Finding(
                        .strategyMismatch, at: check.location,
                        "the merged build's \(difference) is not the program's built alone",
                        details: ["merged:"] + summary(check) + ["built alone:"] + summary(built)))
                report.lessons[lessonIndex].checks[checkIndex] = verified
            }
        }
        return report
    }

    /// A check by its lesson, kind and line.
    private struct Key: Hashable {
        var path: String
        var line: Int
        var kind: CheckResult.Kind

        init(_ check: CheckResult) {
            path = check.location.path
            line = check.location.line
            kind = check.kind
        }
    }

    /// What differs, first of status, output and findings; nil when nothing does.
    private static func difference(_ merged: CheckResult, _ alone: CheckResult) -> String? {
        if merged.status != alone.status { return "status" }
        if merged.actualOutput != alone.actualOutput { return "output" }
        if merged.findings != alone.findings { return "findings" }
        return nil
    }

    private static func summary(_ check: CheckResult) -> [String] {
        var lines = ["  status: \(check.status.rawValue)"]
        if let output = check.actualOutput {
            lines.append("  output:")
            lines += output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    " + $0 }
        }
        lines += check.findings.map { "  \($0.location.description): \($0.severity.rawValue): \($0.message)" }
        return lines
    }
}
