import XCTest

@testable import LessonKit

/// The front matter reader on the YAML that Jekyll, Hugo and DocC sites write, and on what it cannot read.
final class FrontMatterTests: XCTestCase {
    typealias Value = FrontMatter.Value

    // MARK: - What sites write

    func testAJekyllPostHeader() {
        let text = """
            ---
            layout: post
            title: "Swift Concurrency: Structured Tasks"
            date: 2019-07-08 10:00:00 -0700
            author: [hborla, heckj]
            tags: [swift, concurrency]
            summary: >
              Tasks form a tree,
              and the tree keeps
              cancellation simple.
            ---
            # Structured Tasks
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "layout": .text("post"), "title": .text("Swift Concurrency: Structured Tasks"),
                "date": .text("2019-07-08 10:00:00 -0700"), "author": list("hborla", "heckj"),
                "tags": list("swift", "concurrency"),
                "summary": .text("Tasks form a tree, and the tree keeps cancellation simple.\n"),
            ]))
        let result = read(text)
        XCTAssertEqual(result.frontMatter.entries.map(\.line), [2, 3, 4, 5, 6, 7])
        XCTAssertEqual(result.frontMatter.lines, 1...11)
        XCTAssertEqual(result.bodyStart, 11)
        XCTAssertEqual(result.frontMatter.text("date"), "2019-07-08 10:00:00 -0700")
        XCTAssertNil(result.frontMatter.text("author"))
    }

    func testAHugoPageWithNestedMaps() {
        let text = """
            ---
            title: "Getting Started"
            draft: false
            params:
              author:
                name: Jane Appleseed
                links:
                  - site: github
                    url: https://github.com/jane
                  - site: mastodon
                    url: "https://mastodon.social/@jane"
              toc: true
            menu:
              main:
                parent: docs
                weight: 10
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "title": .text("Getting Started"), "draft": .text("false"),
                "params": map([
                    "author": map([
                        "name": .text("Jane Appleseed"),
                        "links": .list([
                            map(["site": .text("github"), "url": .text("https://github.com/jane")]),
                            map(["site": .text("mastodon"), "url": .text("https://mastodon.social/@jane")]),
                        ]),
                    ]),
                    "toc": .text("true"),
                ]),
                "menu": map(["main": map(["parent": .text("docs"), "weight": .text("10")])]),
            ]))
        // Every entry keeps the line of its key, at any depth.
        guard case .map(let params)? = read(text).frontMatter["params"], case .map(let author) = params[0].value else {
            return XCTFail("params is not a map of maps")
        }
        XCTAssertEqual(params.map(\.line), [5, 12])
        XCTAssertEqual(author.map(\.line), [6, 7])
    }

    func testASwiftEvolutionStatus() {
        let text = """
            ---
            proposal: SE-0005
            title: Better Translation of Objective-C APIs Into Swift
            authors: [Doug Gregor, Dave Abrahams]
            status:
              state: implemented
              swift: 2.0
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "proposal": .text("SE-0005"), "title": .text("Better Translation of Objective-C APIs Into Swift"),
                "authors": list("Doug Gregor", "Dave Abrahams"),
                "status": map(["state": .text("implemented"), "swift": .text("2.0")]),
            ]))
    }

    func testAnNSHipsterHeader() {
        let text = """
            ---
            title: "Swift Property Observers"
            author: Mattt
            category: Cocoa
            excerpt: >-
              By the 1930's, Rube Goldberg had become a household name,
              synonymous with the fantastically complicated contraptions.
            status:
              swift: 5.0
              reviewed: September 4, 2019
            revisions:
              "2014-07-21": Original publication
              "2019-09-04": Updated for Swift 5.1
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "title": .text("Swift Property Observers"), "author": .text("Mattt"), "category": .text("Cocoa"),
                "excerpt": .text(
                    "By the 1930's, Rube Goldberg had become a household name, "
                        + "synonymous with the fantastically complicated contraptions."),
                "status": map(["swift": .text("5.0"), "reviewed": .text("September 4, 2019")]),
                "revisions": map([
                    "2014-07-21": .text("Original publication"), "2019-09-04": .text("Updated for Swift 5.1"),
                ]),
            ]))
    }

    // MARK: - Scalars

    func testBlockScalarsOfEachChomping() {
        let text = """
            ---
            literal: |
              one
                two

              three
            clip: |
              text


            strip: |-
              text

            keep: |+
              text


            folded: >
              a
              b

              c
                indented
              d
            foldedKeep: >+
              x

            indent: |2
                two extra
              base
            empty: |
            next: end
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "literal": .text("one\n  two\n\nthree\n"), "clip": .text("text\n"), "strip": .text("text"),
                "keep": .text("text\n\n\n"), "folded": .text("a b\nc\n  indented\nd\n"),
                "foldedKeep": .text("x\n\n"), "indent": .text("  two extra\nbase\n"), "empty": .text(""),
                "next": .text("end"),
            ]))
    }

    func testQuotedAndPlainScalarsOverSeveralLines() {
        let text = """
            ---
            double: "first
              second

              third\\
              joined \\
              kept"
            single: 'it''s
              folded'
            plain: a plain
              value over

              three lines
            url: https://example.com/a:b#c
            language: C# # a comment
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "double": .text("first second\nthirdjoined kept"), "single": .text("it's folded"),
                "plain": .text("a plain value over\nthree lines"), "url": .text("https://example.com/a:b#c"),
                "language": .text("C#"),
            ]))
    }

    func testDoubleQuotedEscapes() {
        let text =
            #"""
            ---
            escapes: "q\" b\\ s\/ n\n t\t r\r z\0 a\a b\b e\e f\f v\v x\x41 u\u00e9 U\U0001F600 sp\ end"
            """# + "\ntab: \"a\\\tb\"\n---\n"
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            read(text).frontMatter.text("escapes"),
            "q\" b\\ s/ n\n t\t r\r z\0 a\u{7} b\u{8} e\u{1B} f\u{C} v\u{B} xA u\u{E9} U\u{1F600} sp end")
        XCTAssertEqual(read(text).frontMatter.text("tab"), "a\tb")
    }

    func testKeysPlainQuotedAndWithSpaces() {
        let text = """
            ---
            "key with: colon": a
            'single': b
            last modified: 2019-09-04
            https://example.com: c
            spaced  : d
            null: ~
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "key with: colon": .text("a"), "single": .text("b"), "last modified": .text("2019-09-04"),
                "https://example.com": .text("c"), "spaced": .text("d"), "null": .text("~"),
            ]))
    }

    // MARK: - Collections

    func testBlockListsBesideAndUnderTheirKeys() {
        let text = """
            ---
            beside:
            - a
            - b
            deeper:
                - a
            nested:
              - - x
                - y
              -
                - z
            maps:
              - name: Ada
                url: https://a
              - name: Grace
            empty:
              -
              - ""
            after: x
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "beside": list("a", "b"), "deeper": list("a"), "nested": .list([list("x", "y"), list("z")]),
                "maps": .list([
                    map(["name": .text("Ada"), "url": .text("https://a")]), map(["name": .text("Grace")]),
                ]),
                "empty": list("", ""), "after": .text("x"),
            ]))
    }

    func testFlowCollections() {
        let text = """
            ---
            list: [a, b, "c, d", 'e']
            map: {a: 1, b: [x, y], c: {d: e}}
            nested: [[1, 2], [], {}]
            pairs: [k: v, plain]
            empty: {a: , b}
            multi: [
              one,
              two,  # a comment
              "three"
            ]
            trailing: [a, b, ]
            json: {"a":1, "b": "x"}
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            value(text),
            map([
                "list": list("a", "b", "c, d", "e"),
                "map": map(["a": .text("1"), "b": list("x", "y"), "c": map(["d": .text("e")])]),
                "nested": .list([list("1", "2"), .list([]), .map([])]),
                "pairs": .list([map(["k": .text("v")]), .text("plain")]),
                "empty": map(["a": .text(""), "b": .text("")]),
                "multi": list("one", "two", "three"), "trailing": list("a", "b"),
                "json": map(["a": .text("1"), "b": .text("x")]),
            ]))
    }

    func testAnchorsAliasesAndTags() {
        let text = """
            ---
            defaults: &defaults
              layout: post
              tags: [swift]
            first: *defaults
            names: [&n Ada, *n, Grace]
            tagged: !!str 2.0
            local: !note kept
            verbatim: !<tag:yaml.org,2002:str> 5.0
            both: &b !!str value
            copy: *b
            ---
            """
        XCTAssertEqual(problems(text), [])
        let defaults = map(["layout": .text("post"), "tags": list("swift")])
        XCTAssertEqual(
            value(text),
            map([
                "defaults": defaults, "first": defaults, "names": list("Ada", "Ada", "Grace"), "tagged": .text("2.0"),
                "local": .text("kept"), "verbatim": .text("5.0"), "both": .text("value"), "copy": .text("value"),
            ]))
    }

    /// Aliases of aliases would multiply the values tenfold at each level: past a million values, an alias
    /// stays its text.
    func testAliasesCannotMakeTheFrontMatterHuge() {
        let result = read(aliasLevels(6))
        let limit = "would make the front matter hold more than 1000000 values"
        XCTAssertEqual(
            result.problems.map { "\($0.line): \($0.message)" },
            Array(repeating: "7: alias '*a4' \(limit)", count: 3)
                + Array(repeating: "8: alias '*a5' \(limit)", count: 10))
        guard case .list(let a5)? = result.frontMatter["a5"] else { return XCTFail("a5 is not a list") }
        XCTAssertEqual(a5.suffix(3), Array(repeating: .text("*a4"), count: 3))
    }

    /// A chain of anchors, each an alias of the one before, holds one value a link: each alias is its
    /// anchor's one value again, not the whole chain counted once more at every link.
    func testAChainOfAliasesOfAliasesIsOneValueALink() {
        var text = "---\nk0: &a0 v\n"
        for link in 1...20_000 { text += "k\(link): &a\(link) *a\(link - 1)\n" }
        let result = read(text + "---\n")
        XCTAssertEqual(result.problems.map { "\($0.line): \($0.message)" }, [])
        XCTAssertEqual(result.frontMatter.entries.count, 20_001)
        XCTAssertEqual(result.frontMatter.text("k20000"), "v")
    }

    /// Front matter past 1 MiB is one problem at its first line and is not read; the body after it is.
    func testFrontMatterPastItsLimitIsOneProblemAndTheBodyIsRead() {
        let value = String(repeating: "x", count: FrontMatterParser.maximumSize)
        let result = read("---\ntitle: \(value)\n---\n# Body\n")
        XCTAssertEqual(
            result.problems.map { "\($0.line): \($0.message)" },
            ["1: it holds 1048584 bytes, more than the 1 MiB front matter may hold; its keys are not read"])
        XCTAssertEqual(result.frontMatter.entries.count, 0)
        XCTAssertEqual(result.frontMatter.lines, 1...3)
        XCTAssertEqual(result.bodyStart, 3)
        // One byte less than the limit is read.
        let within = String(repeating: "x", count: FrontMatterParser.maximumSize - 8)
        XCTAssertEqual(read("---\ntitle: \(within)\n---\n").frontMatter.text("title"), within)
    }

    // MARK: - Problems

    func testATabThatIndents() {
        let text = "---\nstatus:\n\tswift: 2.0\nnext: x\n---\n"
        XCTAssertEqual(problems(text), ["3: tab used for indentation; indent with spaces"])
        XCTAssertEqual(value(text), map(["status": map(["swift": .text("2.0")]), "next": .text("x")]))
        XCTAssertEqual(
            problems("---\na: 1\n\tb: 2\nc: 3\n---\n"),
            ["3: indentation of 1 space matches no open level (a tab counts as one; indent with spaces)"])
        // A tab does not indent a key into a bracket left open above it either.
        XCTAssertEqual(
            problems("---\ntags: [swift, ui\n\tb: 2\nc: 3\n---\n"),
            [
                "2: the '[' opened here is never closed",
                "3: indentation of 1 space matches no open level (a tab counts as one; indent with spaces)",
            ])
    }

    func testQuotesNeverClosedEndAtTheNextKey() {
        let text = """
            ---
            title: "never closed
            layout: post
            summary: 'also
              never closed
            date: 2019-07-08
            ---
            """
        XCTAssertEqual(
            problems(text),
            ["2: the double quote opened here is never closed", "4: the single quote opened here is never closed"])
        XCTAssertEqual(
            value(text),
            map([
                "title": .text("never closed"), "layout": .text("post"), "summary": .text("also never closed"),
                "date": .text("2019-07-08"),
            ]))
    }

    func testFlowCollectionsNeverClosedOrClosedWrong() {
        let text = """
            ---
            tags: [swift, ui
            layout: post
            image: {url: [a, b}
            list: [a, b]]
            ---
            """
        XCTAssertEqual(
            problems(text),
            [
                "2: the '[' opened here is never closed", "4: '}' does not close the '[' opened on line 4",
                "5: unexpected text ']' after the closing ']'",
            ])
        XCTAssertEqual(
            value(text),
            map([
                "tags": list("swift", "ui"), "layout": .text("post"), "image": map(["url": list("a", "b")]),
                "list": list("a", "b"),
            ]))
    }

    /// Jekyll and Hugo read a key given twice, the last value winning, and real posts have them: a warning at
    /// the repeated key, not a problem.
    func testAKeyGivenTwiceIsAWarningAndTheLastValueWins() {
        let text = """
            ---
            language: tr
            language: vi
            nested:
              a: 1
              a: 2
            flow: {x: 1, x: 2}
            ---
            """
        XCTAssertEqual(problems(text), [])
        XCTAssertEqual(
            read(text).warnings.map { "\($0.line): \($0.message)" },
            [
                "3: key 'language' is given twice in this map (first on line 2); the last value is used",
                "6: key 'a' is given twice in this map (first on line 5); the last value is used",
                "7: key 'x' is given twice in this map (first on line 7); the last value is used",
            ])
        XCTAssertEqual(
            value(text),
            map(["language": .text("vi"), "nested": map(["a": .text("2")]), "flow": map(["x": .text("2")])]))
        let lesson = Lesson(path: "post.md", bytes: Array((text + "\n```swift\nlet a = 1\n```\n").utf8))
        XCTAssertEqual(lesson.readingFindings, [])
        XCTAssertEqual(lesson.readingWarnings.map(\.location.line), [3, 6, 7])
        XCTAssertEqual(Set(lesson.readingWarnings.map(\.severity)), [.warning])
    }

    func testIndentationThatMatchesNoOpenLevel() {
        let text = """
            ---
            a:
                b: 1
              c: 2
            d: 3
            title: x
              layout: post
                more: y
            e: 5
            ---
            """
        XCTAssertEqual(
            problems(text),
            [
                "4: indentation of 2 spaces matches no open level",
                "7: indentation of 2 spaces matches no open level (skipped with the 1 more-indented line(s) under it)",
            ])
        XCTAssertEqual(
            value(text), map(["a": map(["b": .text("1")]), "d": .text("3"), "title": .text("x"), "e": .text("5")]))
    }

    func testTextAfterAClosingQuote() {
        let text = "---\ntitle: \"Swift\" tips\nnext: 'a' # a comment\n---\n"
        XCTAssertEqual(problems(text), ["2: unexpected text 'tips' after the closing quote"])
        XCTAssertEqual(value(text), map(["title": .text("Swift"), "next": .text("a")]))
    }

    func testLinesThatAreNotKeyValue() {
        let text = """
            ---
            title: x
            just text
            - stray
            key:value
            ? explicit
            layout: post
            ---
            """
        XCTAssertEqual(
            problems(text),
            [
                "3: expected 'key: value', found 'just text'", "4: list item '- stray' does not belong to a key",
                "5: expected 'key: value', found 'key:value'",
                "6: explicit keys ('? ') are not supported; write 'key: value'",
            ])
        XCTAssertEqual(value(text), map(["title": .text("x"), "layout": .text("post")]))
    }

    func testUnknownAliases() {
        let text = """
            ---
            first: *later
            second: &later x
            self: &me [*me]
            ---
            """
        XCTAssertEqual(
            problems(text),
            [
                "2: unknown alias '*later': no '&later' comes before it",
                "4: alias '*me' is used inside the value it names",
            ])
        XCTAssertEqual(value(text), map(["first": .text("*later"), "second": .text("x"), "self": list("*me")]))
    }

    func testUnsupportedEscapes() {
        let text = #"""
            ---
            a: "x\qy"
            b: "\x4"
            c: "\uD800"
            d: ok
            ---
            """#
        XCTAssertEqual(
            problems(text),
            [
                #"2: unsupported escape '\q' in a double-quoted value"#, #"3: escape '\x' needs 2 hexadecimal digits"#,
                #"4: escape '\uD800' is not a Unicode scalar value"#,
            ])
        XCTAssertEqual(
            value(text), map(["a": .text(#"x\qy"#), "b": .text(#"\x4"#), "c": .text(#"\uD800"#), "d": .text("ok")]))
    }

    func testValuesThatNeedQuotes() {
        let text = """
            ---
            title: Swift: the language
            author: @mattt
            tags: - swift
            list: [a, , b]
            code: | extra
              text
            ---
            """
        XCTAssertEqual(
            problems(text),
            [
                "2: value 'Swift: the language' contains ': '; quote it",
                "3: '@' cannot start a plain value; quote the value",
                "4: a list cannot start on the line of its key; put '- …' on the next line, indented",
                "5: unexpected ','; the list has an empty entry here",
                "6: unexpected text 'extra' after '|'; the text of a block scalar goes on the lines below",
            ])
        XCTAssertEqual(
            value(text),
            map([
                "title": .text("Swift: the language"), "author": .text("@mattt"), "tags": list("swift"),
                "list": list("a", "", "b"), "code": .text("text\n"),
            ]))
    }

    func testFrontMatterNeverClosed() {
        let result = read("---\ntitle: x\n")
        XCTAssertEqual(result.problems.map(\.line), [1])
        XCTAssertEqual(
            result.problems.map(\.message), ["front matter is never closed: add a line '---' after its last key"])
        XCTAssertEqual(result.bodyStart, 0)
        XCTAssertNil(result.frontMatter.lines)
        // A lesson without front matter, and one closed by `...`.
        XCTAssertEqual(read("# Title\n").frontMatter, FrontMatter())
        XCTAssertEqual(read("---\na: 1\n...\nbody\n").frontMatter.text("a"), "1")
    }

    func testALessonReportsTheProblemsAtTheirLines() {
        let lesson = Lesson(path: "x.md", bytes: Array("---\ntitle: \"x\ncourse: UIKit\n---\n# Body\n".utf8))
        XCTAssertEqual(
            lesson.readingFindings.map(\.message),
            ["malformed front matter: the double quote opened here is never closed"])
        XCTAssertEqual(lesson.readingFindings.map(\.location.line), [2])
        XCTAssertEqual(lesson.frontMatter.text("course"), "UIKit")
    }

    // MARK: - Summary

    func testSummariesFitOnOneLine() {
        XCTAssertEqual(list("hborla", "heckj").summary, "[hborla, heckj]")
        XCTAssertEqual(
            read("---\nstatus:\n  swift: 2.0\n  xcode: 11\n---\n").frontMatter["status"]?.summary,
            "{swift: 2.0, xcode: 11}")
        XCTAssertEqual(Value.text("line one\nline two\n").summary, "line one⏎line two")
        XCTAssertEqual(list("c, d", "").summary, #"["c, d", ""]"#)
        XCTAssertEqual(Value.text("a\tb\u{1B}").summary, "a b\u{FFFD}")
        let long = Value.text(String(repeating: "a", count: 100)).summary
        XCTAssertEqual(long, String(repeating: "a", count: 79) + "…")
        // A value that aliases make a hundred thousand values is summarized from its first few only.
        let result = read(aliasLevels(4))
        XCTAssertEqual(result.problems.map(\.message), [])
        XCTAssertEqual(result.frontMatter["a4"]?.summary.count, 80)
        XCTAssertEqual(result.frontMatter["a4"]?.summary.hasPrefix("[[[[[x, x, x"), true)
    }

    // MARK: - Any input

    /// Whatever the text, the reader never crashes, and every problem and every key is on a line of the
    /// front matter (or, when it is never closed, at its first line).
    func testRandomDocumentsNeverCrashTheReader() {
        var generator = SplitMix(seed: 2019)
        let pieces = [
            "key: ", "other key: ", "- ", "-", "  ", "    ", "\t", "\n", "\n", "\n  ", "\"", "'", "''", "[", "]",
            "{", "}", ", ", ": ", ":", "#", " # note", "|", "|-", ">+", "|2", "&a ", "*a", "*b", "!!str ", "!<x> ",
            "!<", "\\", "\\x4", "\\u00e9", "\\q", "? ", "value", "https://x.com/a:b", "C#", "---", "...", "\r\n",
            "é", "\u{301}", "~",
        ]
        for _ in 0..<3000 {
            var text = "---\n"
            for _ in 0..<Int(generator.next() % 40) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            text += "\n---\n# Body\n"
            let result = read(text)
            let lines = result.frontMatter.lines
            for problem in result.problems {
                XCTAssertTrue(
                    lines?.contains(problem.line) ?? (problem.line == 1), "\(problem) in \(text.debugDescription)")
            }
            XCTAssertEqual(result.problems.map(\.line), result.problems.map(\.line).sorted(), text.debugDescription)
            for line in keyLines(.map(result.frontMatter.entries)) {
                XCTAssertTrue(lines?.contains(line) == true, "key at \(line) in \(text.debugDescription)")
            }
            XCTAssertLessThanOrEqual(Value.map(result.frontMatter.entries).summary.count, 80)
        }
    }

    /// 100,000 lines that nest, never close or run on (80,000, within the 1 MiB a front matter may hold):
    /// each reads to its end, with the one problem it has.
    func testPathologicalInputIsReadToItsEnd() {
        let brackets = read("---\nkey: [[[[\n" + String(repeating: "  [[[[\n", count: 100_000) + "---\n")
        XCTAssertEqual(
            brackets.problems.map { "\($0.line): \($0.message)" },
            [
                "17: values nest more than 64 levels deep here; this value is skipped",
                "17: the '[' opened here is never closed",
            ])
        let quote = read("---\ntitle: \"open\n" + String(repeating: "  more text\n", count: 80_000) + "next: x\n---\n")
        XCTAssertEqual(
            quote.problems.map { "\($0.line): \($0.message)" }, ["2: the double quote opened here is never closed"])
        XCTAssertEqual(quote.frontMatter.text("title")?.count, 4 + 80_000 * 10)
        XCTAssertEqual(quote.frontMatter.text("next"), "x")
        let dashes = read("---\nkey:\n  " + String(repeating: "- ", count: 100_000) + "x\nnext: x\n---\n")
        XCTAssertEqual(
            dashes.problems.map { "\($0.line): \($0.message)" },
            ["3: values nest more than 64 levels deep here; this value is skipped"])
        XCTAssertEqual(dashes.frontMatter.text("next"), "x")
        // A line indented under a scalar, 50,000 times: each is a problem, and each key after it is read (and
        // given again: a warning each).
        let misindented = read("---\n" + String(repeating: "a: 1\n  b: 2\n", count: 50_000) + "---\n")
        XCTAssertEqual(misindented.problems.count, 50_000)
        XCTAssertEqual(misindented.warnings.count, 49_999)
        XCTAssertEqual(misindented.problems.first?.message, "indentation of 2 spaces matches no open level")
        XCTAssertEqual(misindented.frontMatter.entries.count, 1)
    }

    // MARK: - Helpers

    /// Reads `text`, a whole lesson whose front matter is between `---` lines.
    private func read(_ text: String) -> FrontMatterParser.Result {
        FrontMatterParser.parse(SourceText(decoding: Array(text.utf8)).lines)
    }

    /// The front matter of `text` as one map, with every entry's line 0 (as `map` writes them).
    private func value(_ text: String) -> Value { withoutLines(.map(read(text).frontMatter.entries)) }

    /// The problems of `text`, each as `line: message`.
    private func problems(_ text: String) -> [String] { read(text).problems.map { "\($0.line): \($0.message)" } }

    private func map(_ entries: KeyValuePairs<String, Value>) -> Value {
        .map(entries.map { FrontMatter.Entry(key: $0.key, value: $0.value, line: 0) })
    }

    private func list(_ items: String...) -> Value { .list(items.map { .text($0) }) }

    private func withoutLines(_ value: Value) -> Value {
        switch value {
        case .text: value
        case .list(let items): .list(items.map(withoutLines))
        case .map(let entries):
            .map(entries.map { FrontMatter.Entry(key: $0.key, value: withoutLines($0.value), line: 0) })
        }
    }

    /// Front matter whose `a0` is a list of ten values, and each `aN` a list of ten aliases of `aN-1`.
    private func aliasLevels(_ levels: Int) -> String {
        var text = "---\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...levels {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(aliases)]\n"
        }
        return text + "---\n"
    }

    /// The lines of every key in `value`, at any depth.
    private func keyLines(_ value: Value) -> [Int] {
        switch value {
        case .text: []
        case .list(let items): items.flatMap(keyLines)
        case .map(let entries): entries.flatMap { [$0.line] + keyLines($0.value) }
        }
    }
}
