import Foundation
import XCTest

@testable import LessonKit

/// What a student sees of a test, and when: `visibility=name-only` shows its name and verdict, not what it
/// expected nor what the program printed; `visibility=hidden` and a `reveal` day not yet come show it as a
/// hidden test; the instructor's report keeps the reason.
final class VisibilityTests: XCTestCase {
    private func grade(attributes: String, submission: String) throws -> GradeResult {
        let folder = try TestSupport.temporaryFolder("visibility")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = """
            ---
            language: en
            ---

            # Counting

            ```swift exercise=count \(attributes)
            // main.swift — counts to three
            print(1)
            ```

            ```output
            1
            2
            3
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/count.md"))
        let exercise = try Exercise.find("count", in: LessonPlanner.plan(Lesson.read(path: folder + "/count.md")))
        var options = GradingOptions()
        options.timeout = 5
        options.today = "2026-12-07"
        return try Grader(toolchain: try TestSupport.toolchain(), options: options).grade(
            exercise, submission: submission)
    }

    func testANameOnlyTestShowsItsNameAndVerdictAlone() throws {
        let result = try grade(attributes: "visibility=name-only", submission: "print(1)\nprint(2)\n")
        let test = try XCTUnwrap(result.tests.first)
        XCTAssertEqual(test.name, "counts to three")
        XCTAssertEqual(test.status, .failed)
        XCTAssertEqual(test.message, "failed (this test shows only its name and whether it passed)")
        XCTAssertEqual(test.output, "")
        XCTAssertNil(test.testCode)
        XCTAssertEqual(test.reason?.hasPrefix("The last expected line is missing"), true, test.reason ?? "")
        let text = GradeTextReport.render(result)
        XCTAssertFalse(text.contains("3"), "neither the expected output nor the diff: \(text)")
        let passed = try grade(attributes: "visibility=name-only", submission: "for i in 1...3 { print(i) }\n")
        XCTAssertEqual(passed.tests.map(\.status), [.passed])
    }

    func testATestRevealedAfterADayIsHiddenBeforeItAndShownFromIt() throws {
        let before = try grade(attributes: "reveal=2026-12-08", submission: "print(1)\n")
        XCTAssertEqual(before.tests.map(\.hidden), [true])
        XCTAssertEqual(
            before.tests.map(\.message), ["hidden test failed (a hidden test says only whether it passed)"])
        XCTAssertEqual(before.tests.map(\.output), [""])
        let from = try grade(attributes: "reveal=2026-12-07", submission: "print(1)\n")
        XCTAssertEqual(from.tests.map(\.hidden), [false])
        XCTAssertTrue(from.tests[0].message.contains("@@"), from.tests[0].message)
        let hidden = try grade(attributes: "visibility=hidden", submission: "print(1)\n")
        XCTAssertEqual(hidden.tests.map(\.hidden), [true])
    }

    func testAMisspelledVisibilityOrDayIsAnErrorAtItsBlock() throws {
        XCTAssertTrue(BlockAttributes.isDay("2028-02-29"))
        XCTAssertFalse(BlockAttributes.isDay("2027-02-29"))
        XCTAssertFalse(BlockAttributes.isDay("2026-13-01"))
        XCTAssertFalse(BlockAttributes.isDay("26-12-01"))
        let folder = try TestSupport.temporaryFolder("visibility-errors")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson =
            "# V\n\n```swift visibility=secret reveal=2026-02-30\n// main.swift — bir\nprint(1)\n```\n\n```output\n1\n```\n"
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/v.md"))
        let checked = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder + "/v.md"])
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(
            checked.standardOutput.contains(
                "v.md:3: error: attribute 'visibility' needs visible, name-only or hidden\n"),
            checked.standardOutput)
        XCTAssertTrue(
            checked.standardOutput.contains("v.md:3: error: attribute 'reveal' needs a day: reveal=YYYY-MM-DD\n"),
            checked.standardOutput)
    }
}
