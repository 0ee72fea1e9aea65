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
        XCTAssertEqual(mismatch.diff, ["@@ -40,5 +40,5 @@", " a", " b", "-c", "+C·→", " d", " e"])
    }

    func testExtraAndMissingLines() throws {
        let extra = try XCTUnwrap(OutputComparison.compare(expected: ["a"], actual: ["a", "b"], firstLine: 10))
        XCTAssertEqual(extra.firstDifference, 1)
        XCTAssertEqual(extra.diff, ["@@ -10,1 +10,2 @@", " a", "+b"])
        let missing = try XCTUnwrap(OutputComparison.compare(expected: ["a", "b"], actual: ["a"], firstLine: 10))
        XCTAssertEqual(missing.firstDifference, 1)
        XCTAssertEqual(missing.diff, ["@@ -10,2 +10,1 @@", " a", "-b"])
    }

    func testSeparateHunksForDistantChanges() {
        let old = (1...20).map(String.init)
        var new = old
        new[1] = "x"
        new[17] = "y"
        let hunks = LineDiff(old: old, new: new).unifiedHunks(firstLine: 1)
        XCTAssertEqual(hunks.filter { $0.hasPrefix("@@") }, ["@@ -1,5 +1,5 @@", "@@ -15,6 +15,6 @@"])
    }
}
