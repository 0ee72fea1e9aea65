import XCTest

@testable import LessonKit

/// The Markdown reader: CommonMark fences, info strings, front matter, line endings and encodings.
final class ReadingTests: XCTestCase {
    private func lesson(_ text: String) -> Lesson { Lesson(path: "t.md", bytes: Array(text.utf8)) }

    func testBacktickAndTildeFencesWithLongerClosingFences() {
        let read = lesson("a\n```swift\nx\n`````\n~~~~ output\n```\ny\n~~~~\n")
        XCTAssertEqual(read.blocks.count, 2)
        XCTAssertEqual(read.blocks[0].openingLine, 2)
        XCTAssertEqual(read.blocks[0].closingLine, 4)
        XCTAssertEqual(read.blocks[0].content.map(\.text), ["x"])
        XCTAssertEqual(read.blocks[1].fence, Fence(character: "~", length: 4, indentation: 0))
        XCTAssertEqual(read.blocks[1].content.map(\.text), ["```", "y"])
        XCTAssertEqual(read.blocks[1].info.language, "output")
        XCTAssertTrue(read.readingFindings.isEmpty)
    }

    func testIndentationUpToThreeSpacesIsRemovedFromContent() {
        let read = lesson("  ```swift\n  a\n    b\n c\n  ```\n    ```\n")
        XCTAssertEqual(read.blocks.count, 1)
        XCTAssertEqual(read.blocks[0].content.map(\.text), ["a", "  b", "c"])
    }

    func testFourSpacesIsNotAFenceAndBacktickInfoMayNotHoldBackticks() {
        XCTAssertTrue(lesson("    ```swift\n    x\n    ```\n").blocks.isEmpty)
        XCTAssertTrue(lesson("``` a`b\nx\n").blocks.isEmpty)
        XCTAssertEqual(lesson("~~~ a`b\nx\n~~~\n").blocks.count, 1)
    }

    func testFenceOnAListItemLine() {
        let read = lesson(
            "1. ```swift\n   // main.swift — a\n   print(1)\n   ```\n2. ```\n   1\n\n   ```\n\nafter\n```\nx\n```\n")
        XCTAssertEqual(read.blocks.map(\.openingLine), [1, 5, 11])
        XCTAssertEqual(read.blocks[0].content.map(\.text), ["// main.swift — a", "print(1)"])
        XCTAssertEqual(read.blocks[0].containerPrefix, "   ")
        XCTAssertEqual(read.blocks[1].content.map(\.text), ["1", ""])
        XCTAssertEqual(read.blocks[1].closingLine, 8)
        XCTAssertTrue(read.readingFindings.isEmpty)
        // A block in a list item ends with the item: no unclosed fence.
        let ended = lesson("- ```swift\n  print(1)\nnot in the item\n")
        XCTAssertEqual(ended.blocks.first?.content.map(\.text), ["print(1)"])
        XCTAssertEqual(ended.blocks.first?.endsWithItsContainer, true)
        XCTAssertTrue(ended.readingFindings.isEmpty)
    }

    func testFencesInBlockQuotesKeepTheirLinesAndPrefixes() {
        let read = lesson("text\n> ```swift\n> a\n>\n>  b\n> ```\n>> ~~~\n>>x\n> > ~~~\n")
        XCTAssertEqual(read.blocks.map(\.openingLine), [2, 7])
        XCTAssertEqual(read.blocks[0].content.map(\.text), ["a", "", " b"])
        XCTAssertEqual(read.blocks[0].content.map(\.number), [3, 4, 5])
        XCTAssertEqual(read.blocks[0].contentPrefixes, ["> ", ">", "> "])
        XCTAssertEqual(read.blocks[0].closingLine, 6)
        XCTAssertEqual(read.blocks[0].containerPrefix, "> ")
        XCTAssertEqual(read.blocks[1].content.map(\.text), ["x"])
        XCTAssertEqual(read.blocks[1].closingLine, 9)
        XCTAssertEqual(read.blocks[1].containerPrefix, "> > ")
        XCTAssertTrue(read.readingFindings.isEmpty)
        // A quote that ends ends its block: no unclosed fence.
        let ended = lesson("> ```\n> a\n\nafter\n")
        XCTAssertEqual(ended.blocks.first?.content.map(\.text), ["a"])
        XCTAssertEqual(ended.blocks.first?.endsWithItsContainer, true)
        XCTAssertTrue(ended.readingFindings.isEmpty)
    }

    func testListItemsWithTheirRealContentColumn() {
        let read = lesson(
            "1.  Step:\n\n    ```swift\n    a\n      b\n    ```\n- - ```\n    c\n    ```\n10.   ~~~\n      d\n      ~~~\n"
        )
        XCTAssertEqual(read.blocks.map(\.openingLine), [3, 7, 10])
        XCTAssertEqual(read.blocks[0].content.map(\.text), ["a", "  b"])
        XCTAssertEqual(read.blocks[0].containerPrefix, "    ")
        XCTAssertEqual(read.blocks[1].content.map(\.text), ["c"])
        XCTAssertEqual(read.blocks[1].closingLine, 9)
        XCTAssertEqual(read.blocks[2].content.map(\.text), ["d"])
        XCTAssertTrue(read.readingFindings.isEmpty)
        // Fences in items indented differently are all closed.
        let two = lesson("- ```\n  a\n  ```\n\n1.  ```\n    b\n    ```\n")
        XCTAssertEqual(two.blocks.map(\.closingLine), [3, 7])
        XCTAssertTrue(two.readingFindings.isEmpty)
    }

    func testTabsExpandToTheNextMultipleOfFour() {
        let read = lesson("-\t```\n\ta\n\t\tb\n\t```\n> ```\n>\tc\n> ```\n>\t```\n>\td\n> ```\n\t```\n")
        XCTAssertEqual(read.blocks[0].content.map(\.text), ["a", "\tb"])
        XCTAssertEqual(read.blocks[0].closingLine, 4)
        // After `>` the tab's first column is the optional space; its other two columns are content.
        XCTAssertEqual(read.blocks[1].content.map(\.text), ["  c"])
        XCTAssertEqual(read.blocks[1].contentPrefixes, [nil])
        // A fence two columns into a tab is indented by two: those two columns are not content.
        XCTAssertEqual(read.blocks[2].fence.indentation, 2)
        XCTAssertEqual(read.blocks[2].content.map(\.text), ["d"])
        XCTAssertEqual(read.blocks[2].contentPrefixes, [">\t"])
        // A tab-indented fence is indented code, not a fence.
        XCTAssertEqual(read.blocks.count, 3)
    }

    func testFencesInsideHTMLBlocksAreNotCode() {
        let read = lesson("<!--\n```swift\nx\n```\n-->\n<div>\n```\ny\n```\n\n```z\n```\n")
        XCTAssertEqual(read.blocks.map(\.openingLine), [11])
        XCTAssertEqual(read.blocks[0].info.raw, "z")
        XCTAssertTrue(read.readingFindings.isEmpty)
        // A complete tag alone on its line cannot interrupt a paragraph.
        XCTAssertEqual(lesson("text\n<custom-tag>\n```\na\n```\n").blocks.map(\.openingLine), [3])
    }

    func testOnlyAListStartingAtOneInterruptsAParagraph() {
        XCTAssertTrue(lesson("Text\n2. ```\nx\n").blocks.isEmpty)
        XCTAssertEqual(lesson("Text\n1. ```\n   x\n   ```\n").blocks.first?.content.map(\.text), ["x"])
    }

    func testInfoStringsDecodeEscapesAndEntities() {
        let read = lesson(
            "``` sw&#105;ft ignore=\"a \\\"b\\\" &amp; c\" \\_x\nz\n```\n~~~ f&ouml;&ouml; &#x41;&#0;\n~~~\n")
        XCTAssertEqual(read.blocks[0].info.language, "swift")
        XCTAssertEqual(read.blocks[0].info.attribute("ignore")?.value, #"a "b" & c"#)
        XCTAssertEqual(read.blocks[0].info.attributes.last?.name, "_x")
        XCTAssertEqual(read.blocks[1].info.raw, "föö A\u{FFFD}")
    }

    /// A compiler's column counts from the content; in the file the line's prefix comes first.
    func testContentColumnsBecomeFileColumns() {
        let read = lesson("text\n> ```swift\n> let x = 1\n>\tlet y\n> ```\n1.  ```\n      z\n    ```\n")
        XCTAssertEqual(read.location(3, contentColumn: 5).column, 7)
        XCTAssertEqual(read.location(4, contentColumn: 3).column, 3)  // the prefix split a tab
        XCTAssertEqual(read.location(7, contentColumn: 1).column, 5)
        XCTAssertEqual(read.location(1, contentColumn: 2).column, 2)  // not in a block
        XCTAssertNil(read.location(3, contentColumn: nil).column)
    }

    /// CommonMark closes a fence left open at the end of the document: the block runs to the end, a warning
    /// names its line, and nothing stops the lesson's check.
    func testAFenceLeftOpenAtTheEndOfTheFileIsAWarningAtAnyDepth() {
        for text in ["> ```swift\n> x\n", "1. ```swift\n   x\n", "```swift\nx\n"] {
            let read = lesson(text)
            XCTAssertEqual(read.readingFindings, [], text)
            XCTAssertEqual(read.readingWarnings.map(\.location.line), [1], text)
            XCTAssertEqual(read.readingWarnings.map(\.severity), [.warning], text)
            XCTAssertEqual(read.blocks.map { $0.content.map(\.text) }, [["x"]], text)
        }
    }

    func testShorterOrOtherCharacterFenceDoesNotClose() {
        let read = lesson("````\n```\n~~~~\n````\n")
        XCTAssertEqual(read.blocks[0].content.map(\.text), ["```", "~~~~"])
        XCTAssertEqual(read.blocks[0].closingLine, 4)
    }

    func testUnclosedFenceIsFoundAtItsOpeningLine() {
        let read = lesson("# t\n\n```swift\nprint(1)\n")
        XCTAssertEqual(read.readingWarnings.map(\.location.line), [3])
        XCTAssertEqual(read.readingWarnings.map(\.kind), [.unclosedFence])
    }

    func testInfoStringAttributes() {
        let info = InfoString(#"swift ignore="needs UIKit, really",points=2  standalone"#)
        XCTAssertEqual(info.language, "swift")
        XCTAssertEqual(
            info.attributes,
            [
                BlockAttribute(name: "ignore", value: "needs UIKit, really"),
                BlockAttribute(name: "points", value: "2"),
                BlockAttribute(name: "standalone"),
            ])
        XCTAssertTrue(info.problems.isEmpty)
        XCTAssertEqual(InfoString(#"swift ignore="open"#).problems, ["the quoted value of 'ignore' is never closed"])
        XCTAssertEqual(InfoString("swift,no_run").attributes, [BlockAttribute(name: "no_run")])
    }

    func testCRLFAndByteOrderMarkAreKeptForWritingBack() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nb\nc".utf8)
        let text = SourceText(decoding: bytes)
        XCTAssertTrue(text.hasByteOrderMark)
        XCTAssertEqual(text.lines.map(\.text), ["a", "b", "c"])
        XCTAssertEqual(text.lines.map(\.ending), ["\r\n", "\n", ""])
        XCTAssertEqual(text.bytes, bytes)
    }

    func testInvalidUTF8IsFoundAtItsLine() {
        let read = Lesson(path: "t.md", bytes: Array("ok\nok\n".utf8) + [0xC3, 0x28, 0x0A] + [0xFF, 0x0A])
        XCTAssertEqual(read.readingFindings.map(\.location.line), [3])
        XCTAssertEqual(read.readingFindings.first?.message, "the file is not valid UTF-8 (here and on 1 more line(s))")
    }

    func testFrontMatterOfTheCourse() {
        let read = lesson(
            """
            ---
            title: 'Çizim ve ''Katman'''
            source: 'https://example.com/a:b'
            language: tr
            quoted: "a \\"b\\" c"
            custom-key: kept # a comment
            objectives:
                - 'Birinci'
                - ikinci
            ---
            # Body
            """)
        XCTAssertTrue(read.readingFindings.isEmpty, "\(read.readingFindings)")
        XCTAssertEqual(read.frontMatter.text("title"), "Çizim ve 'Katman'")
        XCTAssertEqual(read.frontMatter.text("source"), "https://example.com/a:b")
        XCTAssertEqual(read.frontMatter.text("quoted"), #"a "b" c"#)
        XCTAssertEqual(read.frontMatter.text("custom-key"), "kept")
        XCTAssertEqual(read.frontMatter["objectives"], .list([.text("Birinci"), .text("ikinci")]))
        XCTAssertEqual(read.frontMatter.lines, 1...10)
    }

    func testFrontMatterNeverClosed() {
        let read = lesson("---\ntitle: x\n\n```swift\n// main.swift — a\n```\n")
        XCTAssertEqual(
            read.readingFindings.map(\.message),
            ["malformed front matter: front matter is never closed: add a line '---' after its last key"])
        XCTAssertEqual(read.readingFindings.map(\.location.line), [1])
    }

    func testFileHeaders() {
        XCTAssertEqual(FileHeader("// Sync.swift — ekran")?.fileName, "Sync.swift")
        XCTAssertEqual(FileHeader("// Sync.swift — ekran")?.description, "ekran")
        XCTAssertEqual(FileHeader("//main.swift - plain dash")?.description, "plain dash")
        XCTAssertEqual(FileHeader("// View+Style.swift")?.fileName, "View+Style.swift")
        XCTAssertNil(FileHeader("// Kaynak parca: bir yontem"))
        XCTAssertNil(FileHeader("// main.swift is where it starts"))
        XCTAssertNil(FileHeader("let x = 1"))
    }

    /// Whatever the bytes, reading and planning a lesson never crashes, and every block stays inside the file.
    func testArbitraryBytesNeverCrashTheReader() {
        var generator = SplitMix(seed: 42)
        let pieces: [[UInt8]] = [
            Array("```".utf8), Array("~~~~".utf8), Array("```swift".utf8), Array("// main.swift — x".utf8),
            Array("// A.swift — y".utf8), Array("---".utf8), Array("key: 'v".utf8), Array("- item".utf8), [0x0A],
            [0x0D, 0x0A], [0x20, 0x20, 0x20], [0xFF], [0xEF, 0xBB, 0xBF], Array("import UIKit".utf8),
            Array("ignore=\"x".utf8), Array("İğş Tiếng".utf8), [0xC3],
        ]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 40) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let plan = LessonPlanner.plan(Lesson(path: "fuzz.md", bytes: bytes))
            let lineCount = plan.lesson.source.lines.count
            for block in plan.lesson.blocks {
                XCTAssertTrue(block.openingLine >= 1 && block.lastLine <= max(lineCount, 1), "\(bytes)")
            }
            XCTAssertEqual(plan.roles.count, plan.lesson.blocks.count)
            XCTAssertEqual(plan.readingFindings, plan.readingFindings.sorted { $0.location < $1.location })
        }
    }
}

/// A small deterministic random number generator, so a failing input can be reproduced.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
