import Foundation
import XCTest

@testable import LessonKit

/// A class graded again after a hidden test changed: `regrade.csv` and the class page name exactly the
/// students whose result changed, with the test that changed it.
final class RegradeTests: XCTestCase {
    func testARegradeNamesTheStudentsWhoMovedAndTheTestThatMovedThem() throws {
        let work = try TestSupport.temporaryFolder("regrade")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let hidden = try String(
            contentsOfFile: TestSupport.packageRoot + "/Fixtures/grading/hidden/sync-engine.md", encoding: .utf8)
        try Data(hidden.utf8).write(to: URL(fileURLWithPath: work + "/hidden.md"))
        func grade(_ output: String, since: String? = nil) throws -> TestSupport.CommandResult {
            try TestSupport.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine",
                    "--hidden", work + "/hidden.md", "--submissions", "Fixtures/grading/submissions/sync-engine",
                    "--output", output,
                ] + (since.map { ["--since", $0] } ?? []))
        }
        XCTAssertEqual(try grade(work + "/first").status, 0)
        // The first hidden test now expects a total of 1 for an empty list: whoever passed it fails it.
        let changed = hidden.replacingOccurrences(of: "artik: 0\ntoplam: 0\n", with: "artik: 0\ntoplam: 1\n")
        XCTAssertNotEqual(changed, hidden)
        try Data(changed.utf8).write(to: URL(fileURLWithPath: work + "/hidden.md"))
        let again = try grade(work + "/second", since: work + "/first")
        XCTAssertEqual(again.status, 0, again.standardError)
        let before = try summary(work + "/first")
        let after = try summary(work + "/second")
        let moved = before.keys.filter { before[$0] != after[$0] }.sorted()
        XCTAssertFalse(moved.isEmpty)
        let csv = try String(contentsOfFile: work + "/second/regrade.csv", encoding: .utf8)
        var expected = "student,score_before,score_after,changed_tests\n"
        for student in moved {
            expected += "\(student),\(before[student]!),\(after[student]!),gizli test 1: passed 1/1 → failed 0/1\n"
        }
        XCTAssertEqual(csv, expected)
        let page = try String(contentsOfFile: work + "/second/report.html", encoding: .utf8)
        XCTAssertTrue(page.contains("<h2>Önceki değerlendirmeden beri</h2>"), page)
        XCTAssertTrue(page.contains("gizli test 1: passed 1/1 → failed 0/1"), page)
        // A grading without --since writes no regrade.
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/first/regrade.csv"))
        let misuse = try TestSupport.runLesson(
            [
                "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine",
                "--submission", "Fixtures/grading/solutions/sync-engine/Sync.swift", "--since", work + "/first",
            ])
        XCTAssertEqual(misuse.status, 2)
        let sharded = try TestSupport.runLesson(
            [
                "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine",
                "--submissions", "Fixtures/grading/submissions/sync-engine", "--output", work + "/third", "--since",
                work + "/first", "--shard", "1/2",
            ])
        XCTAssertEqual(
            sharded.standardError,
            "error: --since compares a whole class: it cannot be used with --shard\nrun 'lesson --help' for usage\n")
        XCTAssertEqual(
            misuse.standardError, "error: --since is for a class: --submissions DIR\nrun 'lesson --help' for usage\n")
    }

    /// `summary.csv`'s scores by student.
    private func summary(_ folder: String) throws -> [String: String] {
        let lines = try String(contentsOfFile: folder + "/summary.csv", encoding: .utf8).split(separator: "\n")
        return Dictionary(
            uniqueKeysWithValues: lines.dropFirst().map { line in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return (String(fields[0]), String(fields[1]))
            })
    }
}
