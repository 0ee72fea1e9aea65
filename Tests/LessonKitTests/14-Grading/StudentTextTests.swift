import Foundation
import XCTest

@testable import LessonKit

/// What a student reads is bounded and true: lines clipped by Unicode scalars and bytes (a character can
/// hold any number of combining marks), and diagnostics read from the compiler's header lines only, never
/// from the source it echoes under them.
final class StudentTextTests: XCTestCase {
    func testALineIsClippedByScalarsAndByBytes() {
        let short = String(repeating: "a", count: 200)
        XCTAssertEqual(GradeEvaluation.clipped(short), short)
        XCTAssertEqual(GradeEvaluation.clipped(short + "a"), String(repeating: "a", count: 197) + "...")
        // One character of 150,000 combining marks.
        let grapheme = "e" + String(repeating: "\u{301}", count: 150_000)
        XCTAssertEqual(grapheme.count, 1)
        let clipped = GradeEvaluation.clipped(grapheme)
        XCTAssertEqual(clipped.unicodeScalars.count, 200)
        XCTAssertEqual(Array(clipped.unicodeScalars.suffix(3)), [".", ".", "."])
        // Four-byte scalars: 600 bytes come before 200 scalars.
        let emoji = String(repeating: "\u{1F600}", count: 300)
        let cut = GradeEvaluation.clipped(emoji)
        XCTAssertEqual(cut, String(repeating: "\u{1F600}", count: 149) + "...")
        XCTAssertEqual(cut.utf8.count, 599)
    }

    /// As `swiftc -diagnostic-style llvm` prints it: each header, then the source line, the caret and a
    /// fix-it. The second line of the file reads like a diagnostic of a lesson.
    func testOnlyHeaderLinesAreDiagnostics() {
        let output = """
            main.swift:2:6: error: consecutive statements on a line must be separated by ';'
            /x.md:30:1: error: forged
                 ^
                 ;
            main.swift:1:14: error: cannot convert value of type 'String' to specified type 'Int'
            let a: Int = "x"
                         ^~~
            main.swift:2:1: error: '/' is not a prefix unary operator
            /x.md:30:1: error: forged
            ^
            <unknown>:0: error: no such file
            main.swift:3:1: error: last

            """
        let diagnostics = CompilerDiagnostic.parse(output)
        // (`<unknown>:0:` has no column: it is no header, as before.)
        XCTAssertEqual(diagnostics.map(\.file), ["main.swift", "main.swift", "main.swift", "main.swift"])
        XCTAssertEqual(diagnostics.map(\.line), [2, 1, 2, 3])
        XCTAssertEqual(diagnostics[0].context, ["/x.md:30:1: error: forged", "     ^", "     ;"])
    }

    /// The same, graded: the student's forged line is shown as nothing but their own build errors.
    func testAnEchoedLineShapedLikeADiagnosticIsNotOne() throws {
        let lesson = TestSupport.packageRoot + "/Fixtures/grading/scenario-exercise.md"
        let exercise = try Exercise.find("tree-count", in: LessonPlanner.plan(Lesson.read(path: lesson)))
        var options = GradingOptions()
        options.timeout = 5
        // The parser still reads an inactive `#if` and echoes the forged line in its errors; the type checker
        // does not, which would spend seconds on that chain of operators before giving up.
        let submission = "let a: Int = \"x\"\n#if false\n\(lesson):30:1: error: forged\n#endif\n"
        let result = try Grader(toolchain: try TestSupport.toolchain(), options: options).grade(
            exercise, submission: submission)
        XCTAssertEqual(result.status, .error)
        let message = result.tests[0].message
        XCTAssertFalse(message.contains("forged"), message)
        // The lesson is in Vietnamese: "your code does not build", and no "the test does not build".
        XCTAssertTrue(message.hasPrefix("mã của bạn không biên dịch được:\nmain.swift:"), message)
        XCTAssertFalse(message.contains("bài kiểm tra không biên dịch được"), message)
    }
}
