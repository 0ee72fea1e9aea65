import Foundation
import XCTest

@testable import LessonKit

/// Every report and result path a user types is written, one letter or long, relative or absolute:
/// Foundation on Linux traps in `NSString.deletingLastPathComponent` for a name of one character, so no
/// path goes through it (`Paths.parent`).
final class OutputPathTests: XCTestCase {
    func testTheParentOfAPathIsFoundForEveryShape() {
        let cases = [
            ("o", ""), ("o2", ""), ("a/b", "a"), ("/a", "/"), ("/", "/"), ("a/b/", "a"), ("/a//b", "/a"), ("", ""),
            ("./x", "."), ("a/b/c.md", "a/b"),
        ]
        for (path, parent) in cases { XCTAssertEqual(Paths.parent(path), parent, path) }
    }

    func testOneLetterReportAndResultFoldersAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = TestSupport.packageRoot + "/Fixtures/check/pass/crlf-bom.md"
        let check = try TestSupport.runLesson(
            ["check", "--no-cache", "--format", "html", "--output", "x", lesson], in: folder)
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/x"))
        let grade = try TestSupport.runLesson(
            [
                "grade", "--lesson", TestSupport.packageRoot + "/Fixtures/grading/scenario-exercise.md", "--exercise",
                "tree-count", "--submission",
                TestSupport.packageRoot + "/Fixtures/grading/submissions/tree-count/correct",
                "--output", "o",
            ], in: folder)
        XCTAssertEqual(grade.status, 0, grade.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/o/results.json"))
    }
}
