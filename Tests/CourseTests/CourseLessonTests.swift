import Foundation
import LessonKit
import LessonTesting
import Testing

/// `CourseLesson`: lessons found when the test runs, narrowed by `--filter` and `--skip`, and each finding
/// an issue at the lesson's file and line.
@Suite struct CourseLessonTests {
    static let root = CourseTestSupport.packageRoot
    static let course = "Fixtures/engines/course"

    static var fastOptions: CheckOptions {
        var options = CheckOptions()
        options.timeout = 2
        options.outputLimit = 64 << 10
        return options
    }

    @Test func lessonsAreNamedByTheirPathUnderTheFolder() throws {
        let lessons = try CourseLesson.all(in: Self.course, arguments: [])
        #expect(lessons.map(\.name) == ["01-first.md", "02-second.md", "03-third.md"])
        #expect(lessons.first?.path == Self.root + "/" + Self.course + "/01-first.md")
        #expect(lessons.first?.testDescription == "01-first.md")
    }

    @Test(arguments: [
        (["test", "--filter", "courseLesson", "--filter", "0[23]-", "--skip", "third"], ["02-second.md"]),
        (["test", "--filter", "matchesNoLesson"], ["01-first.md", "02-second.md", "03-third.md"]),
        (["test", "--filter=first"], ["01-first.md"]),
        (["test", "--skip=^0[12]"], ["03-third.md"]),
    ])
    func filterAndSkipPatternsSelectLessons(arguments: [String], names: [String]) throws {
        #expect(try CourseLesson.all(in: Self.course, arguments: arguments).map(\.name) == names)
    }

    @Test func aFolderWithoutLessonsThrows() {
        // The folder is found from the package root, and named so.
        let folder = LessonPaths.packageRoot(containing: #filePath) + "/Fixtures/engines/extra"
        #expect(
            throws: LessonError(
                .input,
                "no lesson found in \(folder) (looked for Markdown files: *.md, *.markdown, *.mdown, *.mkdn, *.mkd, *.mdwn)"
            )
        ) {
            try CourseLesson.all(in: "Fixtures/engines/extra")
        }
    }

    /// A lesson whose five findings are warnings records them as issues of severity `.warning`, which fail
    /// no test: were any an error, this test would fail.
    @Test func warningsAreIssuesThatFailNothing() {
        let path = Self.root + "/Fixtures/field/pass/near-misses.md"
        CourseLesson(name: "near-misses.md", path: path).check(options: Self.fastOptions)
    }

    @Test func eachFindingIsAnIssueAtTheLessonFileAndLine() {
        let path = Self.root + "/Fixtures/check/fail/wrong-output.md"
        let issues = IssueLog()
        withKnownIssue {
            CourseLesson(name: "wrong-output.md", path: path).check(options: Self.fastOptions)
        } matching: { issue in
            issues.append(issue)
        }
        let recorded = issues.all
        #expect(recorded.count == 1)
        #if compiler(>=6.3)
            #expect(recorded.first?.sourceLocation?.filePath == path)  // public since Swift Testing 6.3
        #endif
        #expect(recorded.first?.sourceLocation?.fileID == "Fixtures/check/fail/wrong-output.md")
        #expect(recorded.first?.sourceLocation?.line == 25)
        #expect(recorded.first?.sourceLocation?.column == 1)
        #expect(
            recorded.first?.comments.map(\.rawValue)
                == ["expected output differs at line 1 of 2\n@@ -25,2 +25,2 @@\n-deger: 4\n+deger: 3\n bitti"])
    }

    @Test func aPassingLessonRecordsNothingAndDriftIsJudgedInItsFolder() {
        let first = CourseLesson(name: "01-first.md", path: Self.root + "/" + Self.course + "/01-first.md")
        first.check(options: Self.fastOptions)
        let third = CourseLesson(name: "03-third.md", path: Self.root + "/" + Self.course + "/03-third.md")
        let issues = IssueLog()
        withKnownIssue {
            third.check(options: Self.fastOptions)
        } matching: {
            issues.append($0)
        }
        #expect(issues.all.map { $0.sourceLocation?.line } == [9])
    }

    @Test func aLessonThatCannotBeCheckedFailsAtTheCall() {
        let issues = IssueLog()
        withKnownIssue {
            CourseLesson(name: "gone.md", path: Self.root + "/Fixtures/no-such-folder/gone.md").check()
        } matching: {
            issues.append($0)
        }
        #expect(issues.all.map { $0.sourceLocation?.fileName } == ["CourseLessonTests.swift"])
        #expect(issues.all.first?.comments.first?.rawValue.hasPrefix("cannot check \(Self.root)/Fixtures/") == true)
    }
}

/// The issues a `withKnownIssue` block recorded; its matcher may run on any thread.
final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var issues: [Issue] = []

    /// Keeps `issue` and matches it, so it is known and does not fail the test.
    func append(_ issue: Issue) -> Bool {
        lock.withLock { issues.append(issue) }
        return true
    }

    var all: [Issue] { lock.withLock { issues } }
}
