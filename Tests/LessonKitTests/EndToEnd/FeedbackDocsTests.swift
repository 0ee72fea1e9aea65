import Foundation
import XCTest

@testable import LessonKit

/// docs/grading.md shows a student's feedback for each kind of help the grader gives, each example under the
/// command that prints it (`<!-- feedback: lesson grade … -->`): each command is run on the lessons of
/// `Fixtures/grading/feedback/`, and prints the example byte for byte.
final class FeedbackDocsTests: XCTestCase {
    func testEveryFeedbackExampleIsWhatItsCommandPrints() throws {
        let page = try String(contentsOfFile: TestSupport.packageRoot + "/docs/grading.md", encoding: .utf8)
        let marker = "<!-- feedback: lesson "
        var examples: [(arguments: [String], text: String)] = []
        var rest = Substring(page)
        while let start = rest.range(of: marker) {
            let afterMarker = rest[start.upperBound...]
            let end = try XCTUnwrap(afterMarker.range(of: " -->\n```text\n"))
            let arguments = afterMarker[..<end.lowerBound].split(separator: " ").map(String.init)
            let body = afterMarker[end.upperBound...]
            let close = try XCTUnwrap(body.range(of: "```\n"))
            examples.append((arguments, String(body[..<close.lowerBound])))
            rest = body[close.upperBound...]
        }
        XCTAssertEqual(examples.count, 8)
        for (arguments, text) in examples {
            let result = try TestSupport.runLesson(arguments)
            XCTAssertEqual(result.status, 0, arguments.joined(separator: " "))
            XCTAssertEqual(result.standardOutput, text, arguments.joined(separator: " "))
        }
        // Each language, and each kind of help a student reads, is shown.
        for phrase in [
            "ipucu 1/2", "gợi ý 1/1", "kısmi puan", "  → Bu ad", "  → Giá trị này là optional",
            "The lines differ only in spaces", "Your program stopped before it printed everything",
            "failed (this test shows only its name", "bài kiểm tra ẩn không đạt",
        ] {
            XCTAssertTrue(examples.contains { $0.text.contains(phrase) }, phrase)
        }
    }
}
