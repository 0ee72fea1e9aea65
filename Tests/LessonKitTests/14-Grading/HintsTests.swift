import Foundation
import XCTest

@testable import LessonKit

/// Staged hints: the ```` ```hint ```` blocks after an exercise, revealed one at a time as a student's failed
/// attempts grow (`--attempt N` shows the first N−1), and none to an attempt that passes.
final class HintsTests: XCTestCase {
    private static let lesson = """
        ---
        language: vi
        ---

        # Đếm

        ```swift exercise=dem
        // main.swift — đếm từ một đến ba
        print(1)
        ```

        ```output
        1
        2
        3
        ```

        ```hint
        Dùng một vòng lặp `for`.
        ```

        ```hint
        Khoảng cần đếm là `1...3`.
        ```

        ```hint
        Mỗi lần lặp in ra một số.
        ```

        ```swift exercise=khac
        // main.swift — một bài khác
        print("khác")
        ```

        ```output
        khác
        ```

        ```hint
        Gợi ý của bài khác.
        ```

        """

    func testAttemptsOneToFourRevealZeroToThreeHints() throws {
        let folder = try TestSupport.temporaryFolder("hints")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.lesson.utf8).write(to: URL(fileURLWithPath: folder + "/dem.md"))
        let plan = LessonPlanner.plan(Lesson.read(path: folder + "/dem.md"))
        let exercise = try Exercise.find("dem", in: plan)
        XCTAssertEqual(
            exercise.hints, ["Dùng một vòng lặp `for`.", "Khoảng cần đếm là `1...3`.", "Mỗi lần lặp in ra một số."])
        XCTAssertEqual(try Exercise.find("khac", in: plan).hints, ["Gợi ý của bài khác."])
        var revealed: [Int] = []
        for attempt in 1...4 {
            var options = GradingOptions()
            options.timeout = 5
            options.attempt = attempt
            let result = try Grader(toolchain: try TestSupport.toolchain(), options: options).grade(
                exercise, submission: "print(1)\n")
            XCTAssertEqual(result.status, .fail)
            revealed.append(result.hints.count)
            if attempt == 3 {
                XCTAssertTrue(
                    GradeTextReport.render(result).hasSuffix(
                        "gợi ý 1/3: Dùng một vòng lặp `for`.\ngợi ý 2/3: Khoảng cần đếm là `1...3`.\n"),
                    GradeTextReport.render(result))
            }
        }
        XCTAssertEqual(revealed, [0, 1, 2, 3])
        var options = GradingOptions()
        options.timeout = 5
        options.attempt = 4
        let passed = try Grader(toolchain: try TestSupport.toolchain(), options: options).grade(
            exercise, submission: "for i in 1...3 { print(i) }\n")
        XCTAssertEqual(passed.status, .pass)
        XCTAssertEqual(passed.hints, [], "an attempt that passes needs no hint")
    }

    /// Gradescope's metadata says the attempt: its previous submissions plus one; a file without that list
    /// is refused, naming it.
    func testGradescopesMetadataSaysTheAttempt() throws {
        XCTAssertEqual(
            try GradescopeMetadata.attempt(of: Data(#"{"previous_submissions": [{}, {}]}"#.utf8), named: "m.json"), 3)
        XCTAssertEqual(try GradescopeMetadata.attempt(of: Data(#"{"previous_submissions": []}"#.utf8), named: "m"), 1)
        XCTAssertThrowsError(try GradescopeMetadata.attempt(of: Data("{}".utf8), named: "m.json")) {
            XCTAssertEqual(
                "\($0)", "--submission-metadata: m.json is not Gradescope's metadata (no previous_submissions list)")
        }
    }
}
