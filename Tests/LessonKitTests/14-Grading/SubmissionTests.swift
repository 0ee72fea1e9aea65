import Foundation
import XCTest

@testable import LessonKit

/// What the grader refuses to grade, and how the student learns why.
final class SubmissionTests: XCTestCase {
    private let root = TestSupport.packageRoot

    /// A submission larger than `--max-submission-size` is not read, and the result names the limit.
    func testAnOversizedSubmissionIsRefusedWithTheLimitNamed() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("size-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--submission",
            "Fixtures/grading/submissions/sync-engine/correct/Sync.swift", "--max-submission-size", "1K", "--output",
            output,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let written = try String(contentsOfFile: output + "/results.json", encoding: .utf8)
        XCTAssertTrue(
            written.contains(
                "\"message\" : \"bu çözüm değerlendirilemedi: çözüm 1332 bytes tutuyor; bir çözüm en fazla 1 KiB olabilir\""
            ), written)
        XCTAssertEqual(result.standardError, "sync-engine: error, 0/3 points\n")
    }

    /// `#sourceLocation` in a submission would move the student's errors into the tests' files.
    func testSourceLocationInASubmissionIsRefused() throws {
        let plan = LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/scenario-exercise.md"))
        let grader = Grader(toolchain: try TestSupport.toolchain(), options: TestSupport.fixtureGradingOptions)
        let result = try grader.grade(
            try Exercise.find("tree-count", in: plan),
            submission: "#sourceLocation(file: \"/course/hidden.md\", line: 3)\nlet x: Int = \"a\"\n")
        XCTAssertEqual(result.status, .error)
        XCTAssertEqual(
            result.message,
            "bài nộp này không thể chấm: không được dùng #sourceLocation trong bài nộp (nó đổi vị trí trình biên dịch báo lỗi)"
        )
        XCTAssertEqual(result.tests.map(\.maxPoints), [1])
    }

    /// The message of `#error` can forge a diagnostic in a test's file: refused, and the forged line never
    /// appears.
    func testErrorDirectivesInASubmissionAreRefused() throws {
        let plan = LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/engine-exercise.md"))
        let grader = Grader(toolchain: try TestSupport.toolchain(), options: TestSupport.fixtureGradingOptions)
        let forged =
            "struct X {}\n#error(\"\"\"\nbroken\n\(root)/Fixtures/grading/engine-exercise.md:60:1: error: the test is wrong\n\"\"\")\n"
        let result = try grader.grade(try Exercise.find("sync-engine", in: plan), submission: forged)
        XCTAssertEqual(
            result.message,
            "bu çözüm değerlendirilemedi: #error ve #warning bir çözümde kullanılamaz (iletileri değerlendiricininmiş gibi okunabilir)"
        )
        XCTAssertFalse(GradeFormat.text.render(result).contains("the test is wrong"))
    }

    /// An `@available` message that breaks lines could print a line that reads as a diagnostic: refused; an
    /// ordinary one is not.
    func testAnAvailabilityMessageThatBreaksLinesIsRefused() {
        XCTAssertTrue(
            Grader.availabilityMessageBreaksLines(
                "@available(*, deprecated, message: \"use f() instead\\nmain.swift:1:1: error: broken\")\nfunc g() {}"))
        XCTAssertTrue(
            Grader.availabilityMessageBreaksLines(
                "@available(*, unavailable,\n message: \"\"\"\nx\n\"\"\")\nfunc g() {}"))
        XCTAssertFalse(
            Grader.availabilityMessageBreaksLines(
                "@available(*, deprecated, message: \"use f() instead\")\nfunc g() {}\nprint(\"a\\nb\")"))
        XCTAssertEqual(
            Grader.refusal(of: "@available(*, deprecated, message: \"x\\ny\")\nfunc g() {}")?.english,
            "an @available message may not break lines in a submission (it could read as the grader's)")
    }

    /// A missing file is named as missing, not as a link.
    func testAMissingSubmissionIsNamedAsMissing() throws {
        let result = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--submission",
            "Fixtures/grading/submissions/sync-engine/nowhere.swift",
        ])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.standardError,
            "error: Fixtures/grading/submissions/sync-engine/nowhere.swift: No such file or directory\n"
                + "run 'lesson --help' for usage\n")
    }
}
