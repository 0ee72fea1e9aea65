import Foundation
import XCTest

@testable import LessonKit

/// What reading costs grows with the input, never faster: each algorithm is guarded by the work it counts,
/// not by a time (`Benchmarks/scale.py` prints the times).
final class LinearReadingTests: XCTestCase {
    /// A line read through a thousand nested list items crosses its indentation once: every container
    /// asks where the next non-space is, and the answer found for the first holds for the rest.
    func testALineUnderAThousandContainersIsSearchedOnce() {
        var cursor = LineCursor(String(repeating: " ", count: 2000) + "- item")
        for _ in 0..<1000 {
            cursor.findNextNonspace()
            cursor.advance(2, columns: true)
        }
        XCTAssertEqual(cursor.searches, 1)
        XCTAssertEqual(cursor.indent, 0)
        // Past the run of spaces the line is searched again.
        cursor.advance(2, columns: false)
        cursor.findNextNonspace()
        XCTAssertEqual(cursor.searches, 2)
    }

    /// A list nested 1,000 deep is read with each of its lines searched a bounded number of times, and its
    /// fence found inside the deepest item.
    func testAListNestedAThousandDeepIsReadWhole() {
        var text = (0..<1000).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(separator: "\n")
        text +=
            "\n" + String(repeating: "  ", count: 1000) + "```swift\n" + String(repeating: "  ", count: 1000)
            + "let x = 1\n" + String(repeating: "  ", count: 1000) + "```\n"
        let lesson = Lesson(path: "deep.md", bytes: Array(text.utf8))
        XCTAssertEqual(lesson.blocks.map(\.openingLine), [1001])
        XCTAssertEqual(lesson.blocks.first?.text, "let x = 1\n")
    }

    /// A line of millions of tokens (an array literal) costs 32 bytes a token in each list of them: a string
    /// literal's facts are boxed, and offsets and lines kept in 32 bits.
    func testATokenTakesThirtyTwoBytesAndAStringKeepsItsFacts() {
        XCTAssertEqual(MemoryLayout<SwiftToken>.stride, 32)
        let source = LexedSource("let a = [1, #\"b\\#(c)\"#]")
        let string = source.tokens[6]
        XCTAssertEqual(source.text(of: string), "#\"b\\#(c)\"#")
        XCTAssertEqual(string.literal?.hashes, 1)
        XCTAssertEqual(string.literal?.interpolations.map { $0.map(source.text(of:)) }, [["c"]])
        XCTAssertEqual(string.range, 12..<22)
        XCTAssertNil(source.tokens[5].literal, "a number")
    }

    /// An info string of thousands of words keeps its first 256 attributes and says the rest is not read;
    /// one of megabytes is read, and no suggestion is looked for a word longer than any attribute.
    func testAnInfoStringOfThousandsOfWordsIsReadUpToALimit() {
        let many = InfoString("swift " + (0..<10_000).map { "a\($0)" }.joined(separator: " "))
        XCTAssertEqual(many.attributes.count, InfoString.maximumAttributes)
        XCTAssertEqual(many.problems, ["more than 256 attributes; the rest is not read"])
        let long = String(repeating: "x", count: 1 << 20)
        XCTAssertEqual(InfoString("swift " + long).attributes.map(\.name.count), [1 << 20])
        XCTAssertNil(Suggestion.closest(to: long, among: BlockAttributes.scenarioAttributes))
        XCTAssertEqual(BlockAttributes.suggestion(for: long, known: BlockAttributes.scenarioAttributes), "")
        XCTAssertEqual(Suggestion.closest(to: "no_rn", among: ["no_run", "ignore"]), "no_run")
    }
}

/// Engine drift finds the version most lessons reprint by counting each reprint once.
final class AgreedVersionTests: XCTestCase {
    private func reprint(_ plan: Int, _ text: String) -> EngineDrift.Reprint {
        let lines = text.split(separator: "\n").enumerated().map {
            SourceLine(number: $0.offset + 2, text: String($0.element), ending: "\n")
        }
        let block = FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString("swift"), openingLine: 1,
            closingLine: lines.count + 2, content: lines)
        return EngineDrift.Reprint(plan: plan, file: EngineFile(fileName: "Sync.swift", block: block))
    }

    func testTheMostReprintedVersionWinsAndATieGoesToTheEarliest() {
        let many = (0..<3000).map { reprint($0, $0 % 3 == 0 ? "let a = 1\nlet b = 2" : "let a = 1\nlet b = 3") }
        let (version, count) = EngineDrift.agreedVersion(of: many)
        XCTAssertEqual(version.plan, 1)
        XCTAssertEqual(count, 2000)
        var versions = EngineDrift.ReprintVersions()
        for reprint in many { versions.add(reprint) }
        XCTAssertEqual(versions.lookups, 3000, "one lookup a reprint, not one a pair")
        XCTAssertEqual(versions.agreed?.count, 2000)
        XCTAssertNil(EngineDrift.ReprintVersions().agreed)
        let tie = EngineDrift.agreedVersion(of: [reprint(0, "x"), reprint(1, "y"), reprint(2, "y"), reprint(3, "x")])
        XCTAssertEqual(tie.reprint.plan, 0)
        XCTAssertEqual(tie.count, 2)
    }
}
