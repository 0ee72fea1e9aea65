import Foundation
import LessonKit
import Testing

/// A course's lessons as the tests `lesson test-cases` writes ask for them: each test case (a scenario, a
/// listing, a book test, or a lesson's other checks) records its own findings, and the course is checked
/// once for all of them, in one run (merged builds, the result cache in `.build/lesson-cache`).
///
/// The run checks what the test process was asked to run: every lesson, or, under `swift test --filter` and
/// `--skip`, the cases whose test names the patterns select (as Swift Testing matches them). A case the run
/// did not cover (a pattern read otherwise) has its lesson checked alone, once.
public final class LessonCourse: @unchecked Sendable {
    /// One case of the course, as the generated source lists it.
    public struct Case: Sendable, Hashable {
        public var lesson: String
        public var line: Int?
        public var suite: String
        public var name: String

        public init(_ lesson: String, _ line: Int?, _ suite: String, _ name: String) {
            self.lesson = lesson
            self.line = line
            self.suite = suite
            self.name = name
        }
    }

    let module: String
    let lessonsFolder: String
    let cases: [Case]
    let arguments: [String]
    private let lock = NSLock()
    private var runs: [String: Result<LessonReport?, Error>] = [:]
    private var course: Result<CheckReport, Error>?
    private var waiting: [CheckedContinuation<Result<CheckReport, Error>, Never>] = []

    /// `fileID` is the generated file's `#fileID`, whose first part is the test module's name.
    public init(fileID: String, lessons: String, cases: [Case], arguments: [String] = CommandLine.arguments) {
        module = String(fileID.prefix { $0 != "/" })
        lessonsFolder = lessons
        self.cases = cases
        self.arguments = arguments
    }

    /// Records the findings of the case of `lesson` at `line` (nil: the lesson's own case) as Swift Testing
    /// issues at their Markdown lines: an error fails the test, a warning is recorded as a warning, a note
    /// is left out.
    public func check(_ lesson: String, line: Int?, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let path = lessonsFolder + "/" + lesson
        do {
            var report = try await courseReport().get().lessons.first { $0.path == path }
            if report == nil || (line != nil && !Self.has(report!, caseAt: line!)) { report = try alone(path) }
            guard let report else { throw LessonError(.input, "no lesson at \(path)") }
            if let line, !Self.has(report, caseAt: line) {
                let message =
                    "no scenario, listing or book test starts at line \(line) of \(lesson) any more: build the tests "
                    + "again (swift build --build-tests) to have the lesson's cases as it is now"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                return
            }
            for finding in findings(of: report, line: line) where finding.severity != .note {
                Self.record(finding)
            }
        } catch {
            Issue.record("cannot check \(path): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The name of the test that checks the lessons added since the tests were built.
    public static let addedLessonsTest = "lessons added since the build"

    /// Checks the lessons that have no tests of their own yet: added to the folder since the tests were
    /// written (SwiftPM writes them again when a lesson changes or goes, not when one is added, until
    /// `swift build`). Each is checked whole and its findings recorded here, with a warning that names it.
    public func checkAddedLessons(sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        do {
            let added = try addedLessons()
            guard !added.isEmpty else { return }
            let course = try await courseReport().get()
            for path in added {
                let message =
                    "\(path.dropFirst(lessonsFolder.count + 1)) is newer than the tests and checked here: "
                    + "swift build --build-tests gives its scenarios tests of their own"
                Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
                guard let report = try course.lessons.first(where: { $0.path == path }) ?? alone(path) else { continue }
                for finding in report.findings where finding.severity != .note { Self.record(finding) }
            }
        } catch {
            Issue.record("cannot check the lessons in \(lessonsFolder): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The lessons under the folder that no case names.
    func addedLessons() throws -> [String] {
        let listed = Set(cases.map { lessonsFolder + "/" + $0.lesson })
        return try LessonDiscovery.lessonFiles(in: [lessonsFolder], excluding: LessonDiscovery.ignorePatterns())
            .filter { !listed.contains($0) }
    }

    /// Records an error as the error it is, so that the test's line says the finding, its details below; a
    /// warning (Swift Testing records no error as one) as a warning's comment.
    static func record(_ finding: Finding) {
        let location = CourseLesson.testingLocation(of: finding.location)
        let details = finding.detailLines.joined(separator: "\n")
        guard finding.isError else {
            Issue.record(
                Comment(rawValue: OneLessonCheck.description(of: finding)), severity: .warning,
                sourceLocation: location)
            return
        }
        Issue.record(
            LessonFinding(finding: finding), details.isEmpty ? nil : Comment(rawValue: details),
            sourceLocation: location)
    }

    /// The findings of one case: those of its check, or, for the lesson's own case, the lesson's and those of
    /// every check that is no case of its own.
    func findings(of report: LessonReport, line: Int?) -> [Finding] {
        guard let line else {
            let owned = Set(cases.filter { report.path == lessonsFolder + "/" + $0.lesson }.compactMap(\.line))
            return report.lessonFindings
                + report.checks.filter { !Self.isCase($0) || !owned.contains($0.location.line) }.flatMap(\.findings)
        }
        return report.checks.filter { Self.isCase($0) && $0.location.line == line }.flatMap(\.findings)
    }

    static func isCase(_ check: CheckResult) -> Bool { CourseTestCase.kindsOfTheirOwn.contains(check.kind) }

    static func has(_ report: LessonReport, caseAt line: Int) -> Bool {
        report.checks.contains { isCase($0) && $0.location.line == line }
    }

    /// The course's report, checked by the first case that asks, on a thread of its own.
    func courseReport() async -> Result<CheckReport, Error> {
        await withCheckedContinuation { continuation in
            let (done, first): (Result<CheckReport, Error>?, Bool) = lock.withLock {
                if let course { return (course, false) }
                waiting.append(continuation)
                return (nil, waiting.count == 1)
            }
            if let done { return continuation.resume(returning: done) }
            guard first else { return }
            Thread.detachNewThread {
                let result = Result { try self.checkSelected() }
                let waiters = self.lock.withLock {
                    self.course = result
                    defer { self.waiting = [] }
                    return self.waiting
                }
                for waiter in waiters { waiter.resume(returning: result) }
            }
        }
    }

    /// Checks the cases the test process runs: the whole course, or the lessons and blocks of the selected
    /// cases.
    func checkSelected() throws -> CheckReport {
        let selection = LessonCaseSelection(arguments: arguments)
        var lessonSelection = LessonSelection()
        if !selection.filters.isEmpty || !selection.skips.isEmpty {
            let selected = cases.filter { selection.includes(testIDs(of: $0)) }
            for testCase in selected {
                let path = lessonsFolder + "/" + testCase.lesson
                if let line = testCase.line {
                    lessonSelection.blockLines[path, default: []].insert(line)
                } else {
                    lessonSelection.wholeLessons.insert(path)
                }
            }
            if selection.includes(["\(module).`\(Self.addedLessonsTest)`()", "\(module).\(Self.addedLessonsTest)()"]) {
                lessonSelection.wholeLessons.formUnion(try addedLessons())
            }
            // Nothing selected still checks nothing: the run is for the cases that ask.
            if lessonSelection.blockLines.isEmpty && lessonSelection.wholeLessons.isEmpty {
                return CheckReport(lessons: [])
            }
        }
        return try LessonRunner.report(lessonsFolder: lessonsFolder, selection: lessonSelection)
    }

    /// The lesson at `path` checked alone (a case the course's run did not cover), once.
    func alone(_ path: String) throws -> LessonReport? {
        if let done = lock.withLock({ runs[path] }) { return try done.get() }
        var selection = LessonSelection()
        selection.wholeLessons = [path]
        let result = Result {
            try LessonRunner.report(lessonsFolder: lessonsFolder, selection: selection).lessons.first
        }
        lock.withLock { runs[path] = result }
        return try result.get()
    }

    /// The names Swift Testing may match a pattern against: the test's ID with and without its backticks.
    func testIDs(of testCase: Case) -> [String] {
        let id = "\(module).`\(testCase.suite)`/`\(testCase.name)`()"
        return [id, id.replacingOccurrences(of: "`", with: "")]
    }
}

/// A finding as the error a test case records: its description is the finding's message, the first thing a
/// failed test says (`recorded an issue at 02-indirim.md:24:1: Caught error: expected output differs …`).
struct LessonFinding: Error, CustomStringConvertible {
    var finding: Finding
    var description: String { finding.message }
}

/// Checks a course's lessons as `swift test` does: the package's baseline applied, exercises' reference
/// solutions graded, results cached in the package's `.build/lesson-cache`.
enum LessonRunner {
    static func report(lessonsFolder: String, selection: LessonSelection) throws -> CheckReport {
        var options = CheckOptions()
        options.cacheDirectory = LessonPaths.packageRoot(containing: lessonsFolder) + "/.build/lesson-cache"
        let files = try LessonDiscovery.lessonFiles(
            in: [lessonsFolder], excluding: LessonDiscovery.ignorePatterns())
        let toolchain = try Toolchain.locate()
        let catalog = try EngineCatalog.ofCourse()
        let checked = LessonChecker(options: options, toolchain: toolchain, catalog: catalog)
            .check(files: files, selection: selection)
        return try PackageBaseline.applied(
            to: ReferenceSolutions.checked(
                checked, toolchain: toolchain, catalog: catalog, jobs: options.jobs,
                cacheDirectory: options.cacheDirectory),
            packageOf: lessonsFolder)
    }
}
