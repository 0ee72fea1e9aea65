import XCTest

@testable import LessonKit

/// The byte searches the lesson reader's first looks rely on.
final class ByteSearchTests: XCTestCase {
    func testContainsBytesFindsANeedleAnywhereAndNothingElse() {
        XCTAssertTrue("- test: `a`".containsBytes("- test:"))
        XCTAssertTrue("print(x)".containsBytes(")"))
        XCTAssertTrue("a… b".containsBytes("…"))
        XCTAssertTrue("pprint(".containsBytes("print("))
        XCTAssertTrue("anything".containsBytes(""))
        XCTAssertFalse("prin".containsBytes("print("))
        XCTAssertFalse("print (x)".containsBytes("print("))
        XCTAssertFalse("".containsBytes("x"))
        XCTAssertFalse("a.. b".containsBytes("..."))
        // A substring looks at its own bytes only.
        let line = "import SwiftUI"
        XCTAssertFalse(line.dropFirst(2).containsBytes("import"))
        XCTAssertTrue(line.dropFirst(2).containsBytes("port S"))
        // Bytes, not Characters: a line feed inside a CR LF pair is found.
        XCTAssertTrue("a\r\nb".containsBytes("\n"))
    }

    func testOffsetsListEveryOccurrenceInOrder() {
        XCTAssertEqual(ByteSearch.offsets(of: 0x0A, in: Array("a\nbc\n\nd".utf8)), [1, 4, 5])
        XCTAssertEqual(ByteSearch.offsets(of: 0x0A, in: Array("\n".utf8)), [0])
        XCTAssertEqual(ByteSearch.offsets(of: 0x0A, in: Array("no line feed".utf8)), [])
        XCTAssertEqual(ByteSearch.offsets(of: 0x0A, in: []), [])
    }
}
