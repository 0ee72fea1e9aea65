import XCTest

@testable import LessonKit

/// Output comparison: what counts as a difference, where it is reported, and how the diff reads.
final class ComparingTests: XCTestCase {
    func testLineEndingsAndFinalNewlineAreNotDifferences() {
        XCTAssertEqual(OutputComparison.lines(of: "a\r\nb\r\n"), ["a", "b"])
        XCTAssertEqual(OutputComparison.lines(of: "a\nb"), ["a", "b"])
        XCTAssertNil(
            OutputComparison.compare(expected: ["a", "b"], actual: OutputComparison.lines(of: "a\r\nb"), firstLine: 1))
    }

    func testTrailingSpacesAndBlankLinesAreDifferences() {
        XCTAssertNotNil(OutputComparison.compare(expected: ["a"], actual: ["a "], firstLine: 1))
        XCTAssertNotNil(OutputComparison.compare(expected: ["a"], actual: ["a", ""], firstLine: 1))
    }

    func testCanonicallyEquivalentUnicodeIsEqual() {
        XCTAssertNil(OutputComparison.compare(expected: ["Vi\u{1EC7}t"], actual: ["Vie\u{323}\u{302}t"], firstLine: 1))
    }

    func testDiffIsNumberedWithLessonLinesAndShowsTrailingWhitespace() throws {
        let mismatch = try XCTUnwrap(
            OutputComparison.compare(
                expected: ["a", "b", "c", "d", "e"], actual: ["a", "b", "C \t", "d", "e"], firstLine: 40))
        XCTAssertEqual(mismatch.firstDifference, 2)
        XCTAssertEqual(
            mismatch.diff,
            [
                .hunk(old: 40, oldCount: 5, new: 40, newCount: 5), .same("a"), .same("b"), .removed("c"),
                .inserted("C \t"), .same("d"), .same("e"),
            ])
        XCTAssertEqual(mismatch.diff.map(\.unified), ["@@ -40,5 +40,5 @@", " a", " b", "-c", "+C·→", " d", " e"])
    }

    func testExtraAndMissingLines() throws {
        let extra = try XCTUnwrap(OutputComparison.compare(expected: ["a"], actual: ["a", "b"], firstLine: 10))
        XCTAssertEqual(extra.firstDifference, 1)
        XCTAssertEqual(extra.diff, [.hunk(old: 10, oldCount: 1, new: 10, newCount: 2), .same("a"), .inserted("b")])
        let missing = try XCTUnwrap(OutputComparison.compare(expected: ["a", "b"], actual: ["a"], firstLine: 10))
        XCTAssertEqual(missing.firstDifference, 1)
        XCTAssertEqual(missing.diff, [.hunk(old: 10, oldCount: 2, new: 10, newCount: 1), .same("a"), .removed("b")])
    }

    func testSeparateHunksForDistantChanges() {
        let old = (1...20).map(String.init)
        var new = old
        new[1] = "x"
        new[17] = "y"
        let hunks = LineDiff(old: old, new: new).unifiedHunks(firstLine: 1)
        XCTAssertEqual(
            hunks.filter { if case .hunk = $0 { true } else { false } },
            [.hunk(old: 1, oldCount: 5, new: 1, newCount: 5), .hunk(old: 15, oldCount: 6, new: 15, newCount: 6)])
    }

    /// A diff's lines read back from their unified form (a JSON report's details) are the same lines.
    func testUnifiedDiffLinesReadBackTyped() {
        let lines: [DiffLine] = [
            .hunk(old: 12, oldCount: 3, new: 12, newCount: 4), .same("- a list item"), .removed("+1"),
            .inserted("@@ not a hunk"), .inserted(""),
        ]
        XCTAssertEqual(lines.map(\.unified).compactMap(DiffLine.init(unified:)), lines)
        XCTAssertNil(DiffLine(unified: "no marker"))
    }

    /// Only a diff is coloured as one: a program's stderr line that starts with `-` or `+` stays plain.
    func testOnlyDiffLinesAreColouredAsRemovalsAndInsertions() {
        let location = SourceLocation(path: "a.md", line: 3)
        let exited = Finding(.nonZeroExit, at: location, "the scenario exited with status 1", details: ["-x", "+y"])
        let rendered = TextReporter(useColor: true).render(exited)
        XCTAssertEqual(Array(rendered.dropFirst()), ["-x", "+y"])
        let differs = Finding(.outputMismatch, at: location, "differs", diff: [.removed("x"), .inserted("y")])
        XCTAssertEqual(
            Array(TextReporter(useColor: true).render(differs).dropFirst()),
            ["\u{1B}[31m-x\u{1B}[0m", "\u{1B}[32m+y\u{1B}[0m"])
    }
}
