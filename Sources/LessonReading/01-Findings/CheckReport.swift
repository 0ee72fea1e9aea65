/// The outcome of one check.
public enum CheckStatus: String, Hashable, Sendable, Codable {
    case passed, failed, skipped
    /// Failed, with errors a baseline knows (`lesson check --baseline`): it fails nothing.
    case baselined
}

/// What `lesson check --update` writes to make a failed check pass: a block's new content, a new
/// expected block after a scenario, or a scenario's output comments rewritten.
public struct BlockFix: Hashable, Sendable, Codable {
    public enum Action: String, Hashable, Sendable, Codable {
        case replaceContent, insertAfter
        /// The scenario's content with its output comments rewritten: `lines` has as many lines as the block,
        /// and only the lines that differ are written.
        case replaceComments
        /// Lines of the file rewritten in place (`lineNumbers`, with `lines` their new text): a book test's
        /// expected lines.
        case replaceLines
    }

    public var action: Action
    /// The opening line of the block whose content is replaced, or of the scenario the new block follows.
    public var blockLine: Int
    public var lines: [String]
    /// What is written, for the change message: "expected output", "engine file Sync.swift", "output comment".
    public var subject: String
    /// The lines `replaceLines` rewrites, one per line of `lines`.
    public var lineNumbers: [Int]?

    public init(action: Action, blockLine: Int, lines: [String], subject: String) {
        self.action = action
        self.blockLine = blockLine
        self.lines = lines
        self.subject = subject
    }
}

/// One check of a lesson: a scenario, a snippet, or the lesson file itself when it cannot be read.
public struct CheckResult: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case scenario, snippet, drift, lesson, exercise
        /// A book's listing, run and compared with its output comments.
        case listing
        /// A book's hidden test (`- test:` in an HTML comment), run and compared with its expected lines.
        case bookTest = "book-test"
        /// An engine file the lesson prints but nothing builds: a skipped check, so that it is never silent.
        case engineFile = "engine file"
        /// An exercise's reference solution, graded as a student's submission and required to get full marks.
        case solution = "reference-solution"
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
    /// The scenario's expected output, when it states one: its expected block, or its output comments' lines.
    public var expectedOutput: String?
    public var seconds: Double
    /// Why the check was skipped.
    public var skipReason: String?
    /// What would make the check pass, when accepting the actual state is a fix (new output, a refreshed
    /// engine reprint).
    public var fix: BlockFix?
    /// How many output comments (`// Prints "…"`) the program's output was compared with; nil when it
    /// states its output otherwise, or did not run.
    public var outputComments: Int?
    /// Why `--update` may not accept what the scenario printed, when it may not: its output comments state
    /// another number of lines than it printed.
    package var updateRefusal: String?

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
public struct LessonReport: Hashable, Sendable, Codable {
    public var path: String
    public var checks: [CheckResult]
    public var lessonFindings: [Finding]
    /// Every fenced code block of the lesson, checked or not, as CommonMark sees them.
    public var codeBlocks: Int
    /// The front matter's `title` and `language`, shown beside the path in the HTML report.
    public var title: String?
    public var language: String?

    public init(
        path: String, checks: [CheckResult], lessonFindings: [Finding] = [], codeBlocks: Int = 0,
        title: String? = nil, language: String? = nil
    ) {
        self.path = path
        self.checks = checks
        self.lessonFindings = lessonFindings
        self.codeBlocks = codeBlocks
        self.title = title
        self.language = language
    }

    /// The lesson's findings that a report repeats under `check`: its engine's build errors, under each check
    /// the engine did not build with (the checks that point at them), and no other.
    public func sharedFindings(of check: CheckResult) -> [Finding] {
        check.findings.contains { $0.kind == .engineBuildError } ? lessonFindings : []
    }

    /// Every finding of the lesson, in file order.
    public var findings: [Finding] {
        (lessonFindings + checks.flatMap(\.findings)).sorted { $0.location < $1.location }
    }

    public var failed: Bool { checks.contains { $0.status == .failed } }

    /// The folder that holds the lesson: its course.
    public var courseFolder: String { Self.courseFolder(of: path) }

    /// The folder a lesson at `path` belongs to: its course.
    package static func courseFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return path[..<slash].isEmpty ? "/" : String(path[..<slash])
    }
}

/// A lesson of the whole course as a shard's report lists it, so that `lesson merge` can put the shards back
/// together in the course's order, and notice a shard that is missing.
public struct CourseEntry: Hashable, Sendable, Codable {
    public var path: String
    public var title: String?
    public var language: String?
    /// The shard that checks the lesson.
    public var shard: Int?
    /// Every fenced code block of the lesson, for the course lines of a merged report.
    public var codeBlocks: Int?

    public init(
        path: String, title: String? = nil, language: String? = nil, shard: Int? = nil, codeBlocks: Int? = nil
    ) {
        self.path = path
        self.title = title
        self.language = language
        self.shard = shard
        self.codeBlocks = codeBlocks
    }
}

/// The outcome of checking a set of lessons.
public struct CheckReport: Hashable, Sendable {
    public var lessons: [LessonReport]
    /// Set when this is one shard of a run: which one, and every lesson of the whole run with its shard.
    public var shard: Shard?
    public var course: [CourseEntry]

    public init(lessons: [LessonReport], shard: Shard? = nil, course: [CourseEntry] = []) {
        self.lessons = lessons
        self.shard = shard
        self.course = course
    }

    public struct Totals: Hashable, Sendable {
        public var passed = 0
        public var failed = 0
        public var skipped = 0
        /// Failed checks whose errors a baseline knows.
        public var baselined = 0
        /// Findings that are warnings: they fail no check.
        public var warnings = 0
        /// Output comments compared with what their program printed.
        public var outputComments = 0

        package init(
            passed: Int = 0, failed: Int = 0, skipped: Int = 0, baselined: Int = 0, warnings: Int = 0,
            outputComments: Int = 0
        ) {
            self.passed = passed
            self.failed = failed
            self.skipped = skipped
            self.baselined = baselined
            self.warnings = warnings
            self.outputComments = outputComments
        }
    }

    public var totals: Totals {
        var totals = Totals()
        for check in lessons.flatMap(\.checks) {
            switch check.status {
            case .passed: totals.passed += 1
            case .failed: totals.failed += 1
            case .skipped: totals.skipped += 1
            case .baselined: totals.baselined += 1
            }
            totals.outputComments += check.outputComments ?? 0
        }
        // Counted where they are: `findings` would sort every lesson's findings to count them.
        totals.warnings = lessons.reduce(0) { count, lesson in
            count + (lesson.lessonFindings + lesson.checks.flatMap(\.findings)).filter { $0.severity == .warning }.count
        }
        return totals
    }

    /// What was checked in one course folder (the folder that holds the lessons).
    public struct CourseSummary: Hashable, Sendable {
        public var folder: String
        public var lessons = 0
        public var codeBlocks = 0
        public var scenarios = 0
        public var snippets = 0
        public var listings = 0
        public var bookTests = 0
        public var driftChecks = 0
        public var failures = 0

        /// Adds `lesson`, one of the folder's, and its checks.
        package mutating func count(_ lesson: LessonReport) {
            lessons += 1
            codeBlocks += lesson.codeBlocks
            for check in lesson.checks {
                switch check.kind {
                case .scenario, .exercise: scenarios += 1
                case .snippet: snippets += 1
                case .listing: listings += 1
                case .bookTest: bookTests += 1
                case .drift: driftChecks += 1
                case .lesson, .engineFile, .solution: break
                }
                if check.status == .failed { failures += 1 }
            }
        }
    }

    /// One summary per course folder, in the order the folders first appear.
    public var courses: [CourseSummary] {
        var summaries: [CourseSummary] = []
        // A folder's lessons need not be next to one another: `docs/index.md` sorts after `docs/auth/…`.
        var positions: [String: Int] = [:]
        for lesson in lessons {
            let folder = lesson.courseFolder
            if positions[folder] == nil {
                positions[folder] = summaries.count
                summaries.append(CourseSummary(folder: folder))
            }
            summaries[positions[folder]!].count(lesson)
        }
        return summaries
    }

    public var findings: [Finding] { lessons.flatMap(\.findings) }
    public var succeeded: Bool { totals.failed == 0 }

    /// Whether the run succeeded when warnings count as errors too (`--warnings-as-errors`).
    public func succeeded(warningsAsErrors: Bool) -> Bool {
        let totals = totals
        return totals.failed == 0 && !(warningsAsErrors && totals.warnings > 0)
    }
}
