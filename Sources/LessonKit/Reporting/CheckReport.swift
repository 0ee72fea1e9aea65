/// The outcome of one check.
public enum CheckStatus: String, Hashable, Sendable {
    case passed, failed, skipped
}

/// One check of a lesson: a scenario, a snippet, or the lesson file itself when it cannot be read.
public struct CheckResult: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scenario, snippet, drift, lesson
    }

    public var kind: Kind
    /// The opening fence of the block checked (line 1 for the lesson file itself).
    public var location: SourceLocation
    /// What is checked, e.g. the scenario's description.
    public var name: String
    public var status: CheckStatus
    public var findings: [Finding]
    /// What a scenario printed, when it ran.
    public var actualOutput: String?
    public var seconds: Double

    public init(
        kind: Kind, location: SourceLocation, name: String, status: CheckStatus, findings: [Finding] = [],
        actualOutput: String? = nil, seconds: Double = 0
    ) {
        self.kind = kind
        self.location = location
        self.name = name
        self.status = status
        self.findings = findings
        self.actualOutput = actualOutput
        self.seconds = seconds
    }
}

/// Every check of one lesson, plus the findings that belong to the lesson rather than to one check (an
/// engine that does not build is reported once, here).
public struct LessonReport: Hashable, Sendable {
    public var path: String
    public var checks: [CheckResult]
    public var lessonFindings: [Finding]

    public init(path: String, checks: [CheckResult], lessonFindings: [Finding] = []) {
        self.path = path
        self.checks = checks
        self.lessonFindings = lessonFindings
    }

    /// Every finding of the lesson, in file order.
    public var findings: [Finding] {
        (lessonFindings + checks.flatMap(\.findings)).sorted { $0.location < $1.location }
    }

    public var failed: Bool { checks.contains { $0.status == .failed } }
}

/// The outcome of checking a set of lessons.
public struct CheckReport: Hashable, Sendable {
    public var lessons: [LessonReport]

    public init(lessons: [LessonReport]) { self.lessons = lessons }

    public struct Totals: Hashable, Sendable {
        public var passed = 0
        public var failed = 0
        public var skipped = 0
    }

    public var totals: Totals {
        var totals = Totals()
        for check in lessons.flatMap(\.checks) {
            switch check.status {
            case .passed: totals.passed += 1
            case .failed: totals.failed += 1
            case .skipped: totals.skipped += 1
            }
        }
        return totals
    }

    public var findings: [Finding] { lessons.flatMap(\.findings) }
    public var succeeded: Bool { totals.failed == 0 }
}
