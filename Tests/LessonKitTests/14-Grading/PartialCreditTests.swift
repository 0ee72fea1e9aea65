import Foundation
import XCTest

@testable import LessonKit

/// Partial credit where the author asks for it (`output partial`): a test's points in proportion to the
/// expected lines its output matched in order, rounded down; all or nothing otherwise, and for hidden tests.
final class PartialCreditTests: XCTestCase {
    func testATestEarnsTheShareOfItsPointsItsOutputMatchedInOrder() throws {
        let folder = try TestSupport.temporaryFolder("partial")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = """
            ---
            language: tr
            ---

            # Sepet

            ```swift exercise=sepet points=4
            // main.swift — sepetin satırları ve toplamı
            print("elma: 3")
            ```

            ```output partial
            elma: 3
            armut: 2
            kiraz: 5
            toplam: 10
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/sepet.md"))
        let plan = LessonPlanner.plan(Lesson.read(path: folder + "/sepet.md"))
        let exercise = try Exercise.find("sepet", in: plan)
        var options = GradingOptions()
        options.timeout = 5
        let grader = Grader(toolchain: try TestSupport.toolchain(), options: options)
        let threeOfFour = try grader.grade(
            exercise,
            submission: "print(\"elma: 3\")\nprint(\"armut: 2\")\nprint(\"kiraz: 4\")\nprint(\"toplam: 10\")\n")
        XCTAssertEqual(threeOfFour.status, .fail)
        XCTAssertEqual(threeOfFour.score, 3)
        XCTAssertEqual(threeOfFour.maxScore, 4)
        XCTAssertTrue(
            threeOfFour.tests[0].message.hasSuffix(
                "\nkısmi puan: beklenen 4 satırın 3 tanesi sırasıyla doğru, 3/4 puan"), threeOfFour.tests[0].message)
        // Two lines of four, in the wrong order: one of them in order, 1 point.
        let swapped = try grader.grade(exercise, submission: "print(\"toplam: 10\")\nprint(\"elma: 3\")\n")
        XCTAssertEqual(swapped.score, 1)
        let full = try grader.grade(
            exercise,
            submission: "print(\"elma: 3\")\nprint(\"armut: 2\")\nprint(\"kiraz: 5\")\nprint(\"toplam: 10\")\n")
        XCTAssertEqual(full.score, 4)
        XCTAssertEqual(full.status, .pass)
    }

    func testTheShareIsRoundedDownAndUnorderedLinesCountAsAMultiset() {
        XCTAssertEqual(PartialCredit.points(maxPoints: 5, matched: 2, of: 3), 3)
        XCTAssertEqual(PartialCredit.points(maxPoints: 4, matched: 0, of: 4), 0)
        // A failed test never earns all its points (every expected line and a debug line more), and a test
        // worth Int.max points is shared without overflowing.
        XCTAssertEqual(PartialCredit.points(maxPoints: 4, matched: 4, of: 4), 3)
        XCTAssertEqual(PartialCredit.points(maxPoints: Int.max, matched: 2, of: 4), Int.max / 2)
        XCTAssertEqual(
            PartialCredit.matchedLines(
                expected: ["a", "b", "c", "d"], printed: ["a", "x", "c", "d"], unordered: false), 3)
        XCTAssertEqual(
            PartialCredit.matchedLines(expected: ["a", "b", "c"], printed: ["c", "b", "a"], unordered: false), 1)
        XCTAssertEqual(
            PartialCredit.matchedLines(expected: ["a", "b", "a"], printed: ["a", "a", "a", "b"], unordered: true), 3)
    }

    /// `partial` with `ellipsis` is refused at its block: no count of lines says how much of `...` was right.
    func testPartialWithEllipsisIsAnError() throws {
        let folder = try TestSupport.temporaryFolder("partial-ellipsis")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = "# E\n\n```swift\n// main.swift — bir\nprint(1)\n```\n\n```output partial ellipsis\n1\n...\n```\n"
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/e.md"))
        let checked = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder + "/e.md"])
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(
            checked.standardOutput.contains(
                "e.md:8: error: attributes 'partial' and 'ellipsis' cannot be used together"), checked.standardOutput)
    }
}
