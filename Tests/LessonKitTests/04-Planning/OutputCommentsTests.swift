import XCTest

@testable import LessonKit

/// Expected output stated in a scenario's comments: `// Prints "…"`, `// prints:` and its lines, the lesson's
/// own marker, and only real comments (never `//` inside a string literal or a block comment).
final class OutputCommentsTests: XCTestCase {
    /// The source lines of `text`, numbered from `first`.
    private func lines(_ text: String, from first: Int = 1) -> [SourceLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            SourceLine(number: first + $0.offset, text: String($0.element), ending: "\n")
        }
    }

    private func texts(_ text: String, marker: String = OutputComments.defaultMarker) -> [String]? {
        OutputComments.read(lines(text), marker: marker)?.texts
    }

    func testAppleCommentsAfterCodeAndOnTheirOwnLine() throws {
        let comments = try XCTUnwrap(
            OutputComments.read(
                lines(
                    """
                    let total = 2 + 3
                    print(total) // Prints "5"
                    print("hello, world")
                    // Prints "hello, world"
                    """, from: 10)))
        XCTAssertEqual(comments.texts, ["5", "hello, world"])
        XCTAssertEqual(comments.lines.map(\.number), [11, 13])
        XCTAssertEqual(comments.lines.map(\.form), [.quoted, .quoted])
        XCTAssertEqual(comments.markers, [])
        XCTAssertEqual(comments.firstLine, 11)
        XCTAssertEqual(comments.lastLine, 13)
    }

    func testWhatFollowsTheClosingQuoteIsNotPartOfTheText() {
        XCTAssertEqual(texts(#"print(a) // Prints "x""#), ["x"])
        XCTAssertEqual(texts(#"print(n) // Prints "5"."#), ["5"])
        XCTAssertEqual(texts(#"// Prints "hello, world", because the string is printed as it is"#), ["hello, world"])
        XCTAssertEqual(texts(#"print(a) // Prints "a" // and more"#), ["a"])
        XCTAssertEqual(texts("print(a)\t//\tPrints\t\"tabs\""), ["tabs"])
        XCTAssertEqual(texts(#"print("") // Prints """#), [""])
    }

    /// Books quote strings inside the text without escapes, and write prose, quotes included, after it.
    func testQuotesInsideTheTextAsBooksWriteThem() {
        XCTAssertEqual(texts(#"// Prints "["apple", "pear"]"."#), [#"["apple", "pear"]"#])
        XCTAssertEqual(
            texts(#"// Prints "The string "123" has an integer value of 123""#),
            [#"The string "123" has an integer value of 123"#])
        XCTAssertEqual(
            texts(#"// Prints "hello, world", because name is indeed equal to "world"."#), ["hello, world"])
        XCTAssertEqual(texts(#"// Prints "\(x) \ " \u{2603}"."#), [#"\(x) \ " \u{2603}"#])
        XCTAssertEqual(texts(#"// Prints "a": the first letter"#), ["a"])
        XCTAssertEqual(
            texts(#"// Prints "5" because it is five"#), ["5"], "no quote ends the text so: the last one does")
    }

    func testEscapesInTheQuotedText() {
        XCTAssertEqual(texts(#"print(s) // Prints "say \"hi\"""#), [#"say "hi""#])
        XCTAssertEqual(texts(#"print(p) // Prints "C:\\path\\""#), [#"C:\path\"#])
        // Any other backslash is kept as written.
        XCTAssertEqual(texts(#"print(s) // Prints "a\nb \u{41}""#), [#"a\nb \u{41}"#])
    }

    func testCommentsThatStateNoOutput() {
        XCTAssertNil(texts("// Prints the total"))
        XCTAssertNil(texts(#"// Prints "never closed"#))
        XCTAssertNil(texts(#"// Prints"x""#), "a space or a tab must follow the marker")
        XCTAssertNil(texts(#"// Printsx "x""#))
        XCTAssertNil(texts(#"// prints "x""#), "the quoted form takes the marker as written")
        XCTAssertNil(texts("x // Prints: "), "after code, a colon with no text after it: no list either")
        XCTAssertNil(texts("// Prints:x"), "a space or a tab must follow the colon")
        XCTAssertNil(texts(#"/// Prints "a doc comment""#))
        XCTAssertNil(texts("print(1) // prints:\n// 1"), "a marker after code is no marker")
        XCTAssertNil(texts("// PRINTS:\n// 1"))
    }

    /// `//` in a string literal starts no comment: single-line, multi-line, raw, and in an interpolation.
    func testOnlyRealCommentsCount() {
        XCTAssertNil(texts(#"let s = "// Prints \"x\"""#))
        XCTAssertEqual(texts(#"let s = "// Prints \"x\"" // Prints "real""#), ["real"])
        XCTAssertNil(texts(##"let r = #"// Prints "x""#"##))
        XCTAssertNil(texts(###"let r = ##"a "# // Prints "x""##"###))
        XCTAssertEqual(texts(#"print("\(a) // Prints \"no\"") // Prints "yes""#), ["yes"])
        XCTAssertEqual(texts(#"print("\("x // y")") // Prints "x // y""#), ["x // y"])
        XCTAssertNil(
            texts(
                #"""
                let s = """
                    // Prints "inside a multi-line string"
                    """
                """#))
        XCTAssertEqual(
            texts(
                #"""
                let s = """
                    "quoted" and \(1 + 1) // Prints "still inside"
                    """
                print(s) // Prints "after it"
                """#), ["after it"])
        XCTAssertNil(texts(#"/* // Prints "in a block comment" */"#))
        XCTAssertNil(texts("/* a /* nested */\n// Prints \"still in it\"\n*/"))
        XCTAssertEqual(texts(#"let url = "http://example.com" // Prints "ok""#), ["ok"])
        // A single-line string left open ends with its line.
        XCTAssertEqual(texts("let s = \"open\n// Prints \"next line\""), ["next line"])
    }

    func testExercismsListedForm() throws {
        let comments = try XCTUnwrap(
            OutputComments.read(
                lines(
                    """
                    greet()
                    // prints:
                    // Hello
                    //
                    //   indented
                    //no space
                    print(1)
                    // Not output
                    """, from: 20)))
        XCTAssertEqual(comments.texts, ["Hello", "", "  indented", "no space"])
        XCTAssertEqual(comments.lines.map(\.number), [22, 23, 24, 25])
        XCTAssertEqual(comments.lines.map(\.form), [.listed, .listed, .listed, .listed])
        XCTAssertEqual(comments.markers, [21])
        XCTAssertEqual(comments.commentLines, [21, 22, 23, 24, 25])
        XCTAssertEqual(texts("// Prints:\n// one\n\n// two"), ["one"], "a blank line ends the list")
        XCTAssertEqual(texts("  // prints:  \n  // one\nx // two"), ["one"], "a comment after code ends it")
        XCTAssertEqual(texts("// prints:\n// Prints \"x\""), [#"Prints "x""#], "a listed line is taken as written")
        let empty = try XCTUnwrap(OutputComments.read(lines("run()\n// prints:"), marker: "Prints"))
        XCTAssertEqual(empty.texts, [])
        XCTAssertEqual(empty.markers, [2])
    }

    /// A comment may quote the output itself: the printed line decides between the text in quotes and the
    /// comment as written, line for line and in order.
    func testAQuotedCommentAsWrittenMatchesTheLineItQuotes() throws {
        let content = lines(
            """
            print(quote) // Prints "Hello", he said.
            print(1) // Prints "1"
            // Prints: "a", the first letter
            """)
        let comments = try XCTUnwrap(OutputComments.read(content))
        XCTAssertEqual(comments.texts, ["Hello", "1", "a"])
        XCTAssertEqual(comments.lines.map(\.asWritten), [#""Hello", he said."#, #""1""#, #""a", the first letter"#])
        let quoted = [#""Hello", he said."#, "1", #""a", the first letter"#]
        XCTAssertEqual(comments.expectedLines(for: quoted, inOrder: false), quoted)
        XCTAssertEqual(comments.expectedLines(for: ["Hello", "2", "a"], inOrder: false), ["Hello", "1", "a"])
        XCTAssertEqual(
            comments.expectedLines(for: ["x", #""Hello", he said."#, "1", "y", "a"], inOrder: true),
            [#""Hello", he said."#, "1", "a"])
        XCTAssertEqual(
            comments.expectedLines(for: ["Hello", "2"], inOrder: true), ["Hello", "1", "a"],
            "a comment not found leaves its text and those after it")
        XCTAssertEqual(
            comments.rewriting(content, to: [#""Hello", he said."#, "2", "a"]),
            [
                #"print(quote) // Prints "Hello", he said."#, #"print(1) // Prints "2""#,
                #"// Prints: "a", the first letter"#,
            ],
            "a comment matched as written is not rewritten")
        XCTAssertNil(OutputComments.read(lines("// prints:\n// x"))?.lines.first?.asWritten)
        XCTAssertNil(OutputComments.read(lines("x // Prints: 4"))?.lines.first?.asWritten)
    }

    /// `// Prints: TEXT`: the text after the colon, as written, or read as the quoted form reads it.
    func testTheColonForm() throws {
        let comments = try XCTUnwrap(
            OutputComments.read(
                lines(
                    """
                    print(total) // Prints: 5
                    // prints: "You pressed a button."
                    print(s) // Prints:   a: b // c\t
                    // Prints: "Hello", he said.
                    """, from: 30)))
        XCTAssertEqual(comments.texts, ["5", "You pressed a button.", "a: b // c", "Hello"])
        XCTAssertEqual(comments.lines.map(\.form), [.plain, .quoted, .plain, .quoted])
        XCTAssertEqual(comments.lines.map(\.number), [30, 31, 32, 33])
        XCTAssertEqual(comments.markers, [])
        XCTAssertEqual(texts(#"// Prints: "never closed"#), [#""never closed"#], "an unclosed quote is text")
        XCTAssertEqual(texts("x // Çıktı: 4", marker: "Çıktı"), ["4"])
        XCTAssertEqual(texts("x // çıktı: dört", marker: "Çıktı"), ["dört"])
        XCTAssertEqual(texts("x // In ra: một", marker: "In ra"), ["một"])
        XCTAssertNil(texts("x // PRINTS: 4"))
        XCTAssertNil(texts("x // Prints : 4"))
    }

    /// `// Prints two lines:`, as books write it, is a list's marker when listed lines follow it.
    func testAWordedListMarker() throws {
        let comments = try XCTUnwrap(
            OutputComments.read(
                lines(
                    """
                    print(a + b)
                    // Prints two lines:
                    // one
                    // twothree
                    """, from: 40)))
        XCTAssertEqual(comments.texts, ["one", "twothree"])
        XCTAssertEqual(comments.markers, [41])
        XCTAssertEqual(comments.lines.map(\.number), [42, 43])
        XCTAssertNil(texts("// Prints the total:\nprint(total)"), "no listed line below: prose")
        XCTAssertNil(
            texts("// Prints the sum of the array, for example:\n// [1, 2, 3] gives 6."), "no count: prose")
        XCTAssertNil(texts("// Prints three lines:\n// one\n// two"), "a count the lines below do not match: prose")
        XCTAssertEqual(texts("// prints 2 lines:\n// a\n// b"), ["a", "b"])
        XCTAssertNil(texts("// Prints the total:\n\n// 5"), "a blank line between: prose")
        XCTAssertNil(texts("print(a) // Prints two lines:\n// one"), "after code: prose")
        XCTAssertEqual(texts(#"// Prints "a": the first letter:"#), ["a"], "the quoted form first")
        XCTAssertEqual(texts("// Çıktı 2 satır:\n// bir\n// iki", marker: "Çıktı"), ["bir", "iki"])
    }

    func testBothFormsInOrder() {
        XCTAssertEqual(
            texts("print(1) // Prints \"1\"\n// prints:\n// 2\n// 3\nprint(4) // Prints \"4\""), ["1", "2", "3", "4"])
    }

    /// The lesson's marker replaces `Prints` in both forms; its first letter may be lowercase in the listed one.
    func testTheLessonsMarker() {
        XCTAssertEqual(texts(#"print(a) // Çıktı "merhaba""#, marker: "Çıktı"), ["merhaba"])
        XCTAssertEqual(texts("// Çıktı:\n// bir\n// iki", marker: "Çıktı"), ["bir", "iki"])
        XCTAssertEqual(texts("// çıktı:\n// bir", marker: "Çıktı"), ["bir"])
        XCTAssertNil(texts(#"print(a) // Prints "x""#, marker: "Çıktı"), "the marker replaces Prints")
        XCTAssertEqual(texts(#"print(a) // In ra "xin chào""#, marker: "In ra"), ["xin chào"])
        XCTAssertEqual(texts("// In ra:\n// một", marker: "In ra"), ["một"])
        // An NFD spelling of the marker in the lesson is the NFC one of the front matter.
        XCTAssertEqual(texts("print(a) // C\u{327}ıktı \"x\"", marker: "\u{C7}ıktı"), ["x"])
    }

    func testRewritingKeepsEveryOtherByte() throws {
        let content = lines(
            """
            print(a) // Prints "old".  More prose.
            print(b) // Prints "same"
            // prints:
            // first
            //
            // third
            """)
        let comments = try XCTUnwrap(OutputComments.read(content))
        XCTAssertEqual(
            comments.rewriting(content, to: [#"new "q" \ x"#, "same", "", "second", "x"]),
            [
                #"print(a) // Prints "new \"q\" \\ x".  More prose."#, #"print(b) // Prints "same""#, "// prints:",
                "//",
                "// second", "// x",
            ])
        XCTAssertNil(comments.rewriting(content, to: ["one", "two"]), "another number of lines is not guessed")
        XCTAssertEqual(comments.rewriting(content, to: comments.texts), content.map(\.text))
        XCTAssertEqual(OutputComments.escaped(#"a "b" \c"#), #"a \"b\" \\c"#)
    }

    /// A rewritten `// Prints: TEXT` reads back as the new text: in quotes where it could not be read as written.
    func testRewritingTheColonForm() throws {
        let content = lines(
            "print(a) // Prints: old  \nprint(b) // Prints: \"q\".\nprint(c) // Prints: 1\nprint(d) // Prints: 2")
        let comments = try XCTUnwrap(OutputComments.read(content))
        let actual = [#""Hi", he said."#, "plain", " padded", ""]
        let rewritten = try XCTUnwrap(comments.rewriting(content, to: actual))
        XCTAssertEqual(
            rewritten,
            [
                "print(a) // Prints: \"\\\"Hi\\\", he said.\"  ", #"print(b) // Prints: "plain"."#,
                #"print(c) // Prints: " padded""#, #"print(d) // Prints: """#,
            ])
        XCTAssertEqual(OutputComments.read(lines(rewritten.joined(separator: "\n")))?.texts, actual)
        XCTAssertEqual(OutputComments.plainText("a b"), "a b")
    }

    func testLineComments() {
        XCTAssertEqual(
            LineComments.scan(["  // alone", "code // after", "\"//\"", "/* x */ // after a block comment"]),
            [
                LineComments.Comment(start: 2, alone: true), LineComments.Comment(start: 5, alone: false), nil,
                LineComments.Comment(start: 8, alone: false),
            ])
    }

    func testLineListsAndNumbering() {
        XCTAssertEqual(LineList.describe([5]), "line 5")
        XCTAssertEqual(LineList.describe([7, 5, 6]), "lines 5-7")
        XCTAssertEqual(LineList.describe([3, 5, 6, 7, 9]), "lines 3, 5-7 and 9")
        XCTAssertEqual(LineList.describe([4, 8]), "lines 4 and 8")
        let numbering = LineNumbering.lines([5, 7], last: 9)
        XCTAssertEqual([0, 1, 2, 3].map(numbering.line), [5, 7, 10, 11])
        XCTAssertEqual(LineNumbering.from(10).line(2), 12)
    }

    /// A diff of output comments is numbered with the comments' lines.
    func testADiffIsNumberedWithTheCommentsLines() throws {
        let mismatch = try XCTUnwrap(
            OutputComparison.compare(
                expected: ["a", "b", "c"], actual: ["a", "x", "c"], numbering: .lines([5, 8, 12], last: 12)))
        XCTAssertEqual(mismatch.firstDifference, 1)
        XCTAssertEqual(
            mismatch.diff,
            [.hunk(old: 5, oldCount: 3, new: 5, newCount: 3), .same("a"), .removed("b"), .inserted("x"), .same("c")])
    }

    func testPlanning() throws {
        let plan = LessonPlanner.plan(
            Lesson(
                path: "t.md",
                bytes: Array(
                    """
                    ```swift
                    // main.swift — in comments
                    print(1) // Prints "1"
                    ```

                    ```text
                    not its output
                    ```

                    ```swift
                    // main.swift — both
                    print(2) // Prints "2"
                    // Prints "3"
                    ```

                    ```
                    2
                    ```

                    ```swift compile_fail
                    // main.swift — diagnostics, not output
                    let x: Int = "" // Prints "nothing"
                    ```

                    """.utf8)))
        XCTAssertEqual(plan.scenarios.map(\.expectedLines), [["1"], ["2", "3"], nil])
        XCTAssertEqual(plan.scenarios[0].attributeFindings, [])
        XCTAssertEqual(plan.warnings, [:], "a scenario with output comments needs no expected block")
        XCTAssertEqual(plan.scenarios[1].attributeFindings.map(\.kind), [.duplicateExpectedOutput])
        XCTAssertEqual(plan.scenarios[1].attributeFindings.map(\.location.line), [10])
        XCTAssertEqual(
            plan.scenarios[1].attributeFindings.map(\.message),
            [
                "the scenario states its expected output twice: in output comments (lines 12-13) and in the expected "
                    + "block at line 16; remove one of the two"
            ])
        XCTAssertNil(plan.scenarios[2].outputComments)
    }

    func testTheFrontMattersMarker() {
        let turkish = LessonPlanner.plan(
            Lesson(
                path: "t.md",
                bytes: Array(
                    "---\nprints-marker: Çıktı\n---\n```swift\n// main.swift — m\nprint(1) // Çıktı \"1\"\n```\n".utf8))
        )
        XCTAssertEqual(turkish.scenarios.map(\.expectedLines), [["1"]])
        XCTAssertEqual(turkish.readingFindings, [])
        for value in ["[Çıktı]", "", "'say \"x\"'"] {
            let plan = LessonPlanner.plan(
                Lesson(
                    path: "t.md",
                    bytes: Array(
                        "---\nprints-marker: \(value)\n---\n```swift\n// main.swift — m\nprint(1) // Prints \"1\"\n```\n"
                            .utf8)))
            XCTAssertEqual(plan.readingFindings.map(\.kind), [.malformedFrontMatter], value)
            XCTAssertEqual(plan.readingFindings.map(\.location.line), [2], value)
            XCTAssertEqual(
                plan.readingFindings.map(\.message),
                [
                    "malformed front matter: prints-marker must be the word that replaces 'Prints' in output comments, "
                        + "e.g. 'prints-marker: Çıktı'"
                ], value)
            XCTAssertEqual(plan.scenarios.map(\.expectedLines), [["1"]], "\(value): Prints stays the marker")
        }
    }
}
