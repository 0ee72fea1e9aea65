import XCTest

@testable import LessonKit

/// A student's folder name is a cell of `summary.csv`: a spreadsheet must read it as text, never as a
/// formula, and `lesson merge` must read it back as the name it was.
final class SpreadsheetCellTests: XCTestCase {
    func testCellsThatWouldBeFormulasAreGuarded() {
        XCTAssertEqual(
            SpreadsheetCell.written("=HYPERLINK(\"http://x\",\"y\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"")
        XCTAssertEqual(SpreadsheetCell.written("+1"), "'+1")
        XCTAssertEqual(SpreadsheetCell.written("-2+3"), "'-2+3")
        XCTAssertEqual(SpreadsheetCell.written("@SUM(A1)"), "'@SUM(A1)")
        XCTAssertEqual(SpreadsheetCell.written("\tx"), "'\tx")
        XCTAssertEqual(SpreadsheetCell.written("\rx"), "\"'\rx\"")
        XCTAssertEqual(SpreadsheetCell.written("'quoted"), "''quoted")
        XCTAssertEqual(SpreadsheetCell.written("ayşe"), "ayşe")
        XCTAssertEqual(SpreadsheetCell.written("a,b"), "\"a,b\"")
    }

    func testWhatIsWrittenIsReadBack() throws {
        let names = ["=1+1", "+x", "-y", "@z", "'w", "''v", "plain", "a,b", "nguyễn"]
        let csv = "student,score\n" + names.map { SpreadsheetCell.written($0) + ",1\n" }.joined()
        let rows = try SummaryMerge.records(csv, name: "summary.csv")
        XCTAssertEqual(rows.dropFirst().map { $0.fields[0] }, names)
    }

    /// Shards merge by the names themselves: the guarded rows keep their bytes and sort as the names sort.
    func testMergeSortsByTheNamesAndKeepsTheGuardedBytes() throws {
        let header = "student,score,max_score,status,seconds\n"
        let first = header + "\(SpreadsheetCell.written("=b")),1,1,passed,0.5\n"
        let second = header + "\(SpreadsheetCell.written("=a")),0,1,failed,0.7\nc,1,1,passed,0.1\n"
        let merged = try SummaryMerge.merge([("1.csv", first), ("2.csv", second)])
        XCTAssertEqual(merged, header + "'=a,0,1,failed,0.7\n'=b,1,1,passed,0.5\nc,1,1,passed,0.1\n")
    }

    /// Two names alike after Unicode normalization are two students, in one order (by their bytes), and a
    /// name that starts with a combining mark does not join the comma before it.
    func testNamesAlikeAfterNormalizationStayTwoStudents() throws {
        let header = "student,score,max_score,status,seconds\n"
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let first = header + composed + ",1,1,pass,0.5\n"
        let second = header + decomposed + ",0,1,fail,0.7\n\u{301}x,1,1,pass,0.1\n"
        let merged = try SummaryMerge.merge([("1.csv", first), ("2.csv", second)])
        XCTAssertEqual(
            Array(merged.utf8),
            Array(
                (header + decomposed + ",0,1,fail,0.7\n" + composed + ",1,1,pass,0.5\n" + "\u{301}x,1,1,pass,0.1\n")
                    .utf8))
        let rows = try SummaryMerge.records(second, name: "2.csv")
        XCTAssertEqual(rows.map(\.fields.count), [5, 5, 5])
        XCTAssertEqual(Array(rows[2].fields[0].utf8), Array("\u{301}x".utf8))
    }
}

/// A shard's `summary.csv` is untrusted: whoever wrote it chose every cell.
final class SummaryMergeInputTests: XCTestCase {
    private let header = "student,score,max_score,status,seconds\n"

    func testACellAShardLeftUnguardedIsGuardedInTheMergedSummary() throws {
        let shard = header + "=HYPERLINK(1),1,1,passed,0.5\nb,-1+2,1,=cmd,0.1\n"
        let merged = try SummaryMerge.merge([("1.csv", shard)])
        XCTAssertEqual(merged, header + "'=HYPERLINK(1),1,1,passed,0.5\nb,'-1+2,1,'=cmd,0.1\n")
    }

    func testANameThatIsNotOneFolderIsRefused() throws {
        for (name, problem) in [
            ("../../evil", "holds a /"), ("..", "is .."), (".", "is ."), ("a\u{0}b", "holds a NUL"), ("", "is empty"),
        ] {
            let shard = header + SpreadsheetCell.written(name) + ",1,1,passed,0.5\n"
            for attempt in [
                { _ = try SummaryMerge.merge([("s/1.csv", shard)]) },
                { _ = try SummaryMerge.students(shard, name: "s/1.csv") },
            ] {
                XCTAssertThrowsError(try attempt()) { error in
                    XCTAssertEqual(
                        (error as? LessonError)?.message,
                        "s/1.csv: the student \"\(TerminalSafe.escape(name))\" \(problem), not a folder's name")
                }
            }
        }
    }

    func testARowWithTooFewFieldsIsRefused() {
        XCTAssertThrowsError(try SummaryMerge.merge([("1.csv", header + "a,1\n")])) { error in
            XCTAssertEqual((error as? LessonError)?.message, "1.csv: a row has 2 fields, the header 5: \"a,1\"")
        }
    }
}
