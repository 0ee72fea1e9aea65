import Foundation
import LessonKit
import Testing

@testable import LessonTesting

/// `LessonCourse`, what each generated test asks: a case records its own check's findings at their lines,
/// the lesson's case the rest, a lesson added since the build is checked by its own test, and `--filter`
/// narrows the one run to the selected cases.
@Suite struct LessonCourseTests {
    /// Two scenarios (lines 3 and 12); the second's expected block is wrong at line 18.
    static let twoScenarios = """
        # İki senaryo

        ```swift
        // main.swift — ilk selam
        print("merhaba")
        ```

        ```
        merhaba
        ```

        ```swift
        // main.swift — ikinci selam
        print("xin chào")
        ```

        ```
        hello
        ```

        """

    /// A lesson the generated table does not know: added after the build.
    static let added = """
        ```swift
        // main.swift — sonradan
        print(1)
        ```

        ```
        2
        ```

        """

    /// A package with `Lessons/a.md` and `Lessons/b.md`, and the cases of `a.md` alone, as a build wrote them
    /// before `b.md` was added.
    static func course(arguments: [String] = []) throws -> (LessonCourse, folder: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString)").path
        let folder = root + "/Lessons"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        try Data(twoScenarios.utf8).write(to: URL(fileURLWithPath: folder + "/a.md"))
        try Data(added.utf8).write(to: URL(fileURLWithPath: folder + "/b.md"))
        let plan = LessonPlanner.plan(Lesson.read(path: folder + "/a.md"))
        let cases = CourseTestCase.cases(of: [(plan: plan, name: "a.md")]).map {
            LessonCourse.Case($0.lesson, $0.line, $0.suite, $0.name)
        }
        return (
            LessonCourse(fileID: "LessonTests/LessonCases.swift", lessons: folder, cases: cases, arguments: arguments),
            folder
        )
    }

    /// Runs `body`, returning the issues it recorded (each known, so that this test passes).
    static func issues(_ body: () async -> Void) async -> [Issue] {
        let log = IssueLog()
        await withKnownIssue(isIntermittent: true) {
            await body()
        } matching: {
            log.append($0)
        }
        return log.all
    }

    @Test func eachCaseRecordsItsOwnChecksFindingsAtTheirLines() async throws {
        let (course, folder) = try Self.course()
        defer { try? FileManager.default.removeItem(atPath: Paths.parent(folder)) }
        // Each value is bound before `#expect` sees it: an `await` and a closure inside the macro's expression
        // took the type checker seconds.
        let passing: [Issue] = await Self.issues { await course.check("a.md", line: 3) }
        let wholeLesson: [Issue] = await Self.issues { await course.check("a.md", line: nil) }
        let wrong: [Issue] = await Self.issues { await course.check("a.md", line: 12) }
        #expect(passing.isEmpty)
        #expect(wholeLesson.isEmpty)
        #expect(wrong.count == 1)
        let issue = try #require(wrong.first)
        let kind: String = "\(issue.kind)"
        let comments: [String] = issue.comments.map(\.rawValue)
        #expect(issue.sourceLocation?.line == 18)
        #expect(issue.sourceLocation?.fileID == "Lessons/a.md")
        #expect(kind == "Caught error: expected output differs at line 1 of 1")
        #expect(comments == ["@@ -18,1 +18,1 @@\n-hello\n+xin chào"])
    }

    @Test func aLessonAddedSinceTheBuildIsCheckedByItsOwnTest() async throws {
        let (course, folder) = try Self.course()
        defer { try? FileManager.default.removeItem(atPath: Paths.parent(folder)) }
        let issues: [Issue] = await Self.issues { await course.checkAddedLessons() }
        let described: [String] = issues.map { (issue: Issue) -> String in
            let comment: String = issue.comments.first.map { ": " + $0.rawValue } ?? ""
            return "\(issue.kind)" + comment
        }
        let expected: [String] = [
            "Issue recorded: b.md is newer than the tests and checked here: swift build --build-tests gives its "
                + "scenarios tests of their own",
            "Caught error: expected output differs at line 1 of 1: @@ -7,1 +7,1 @@\n-2\n+1",
        ]
        let severities: [Issue.Severity] = issues.map(\.severity)
        #expect(described == expected)
        #expect(severities == [.warning, .error])
        #expect(issues.last?.sourceLocation?.line == 7)
    }

    @Test func aCaseWhoseBlockMovedAsksForABuild() async throws {
        let (course, folder) = try Self.course()
        defer { try? FileManager.default.removeItem(atPath: Paths.parent(folder)) }
        let issues = await Self.issues { await course.check("a.md", line: 5) }
        #expect(
            issues.map { $0.comments.first?.rawValue } == [
                "no scenario, listing or book test starts at line 5 of a.md any more: build the tests again "
                    + "(swift build --build-tests) to have the lesson's cases as it is now"
            ])
    }

    /// `--filter "ikinci selam"` checks that scenario alone; the lesson's own case and the other scenario,
    /// not selected, are not checked.
    @Test func theRunChecksOnlyTheSelectedCases() throws {
        let (course, folder) = try Self.course(arguments: ["test", "--filter", "ikinci selam"])
        defer { try? FileManager.default.removeItem(atPath: Paths.parent(folder)) }
        let report = try course.checkSelected()
        #expect(report.lessons.map(\.path) == [folder + "/a.md"])
        #expect(report.lessons.first?.checks.map(\.name) == ["ikinci selam"])
        let everything = try Self.course(arguments: ["test", "--filter", "a.md"])
        defer { try? FileManager.default.removeItem(atPath: Paths.parent(everything.folder)) }
        #expect(try everything.0.checkSelected().lessons.first?.checks.map(\.name) == ["ilk selam", "ikinci selam"])
    }
}
