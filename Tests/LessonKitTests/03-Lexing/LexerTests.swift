import Foundation
import XCTest

@testable import LessonKit

/// The lexer's tokens, exactly: kinds, ranges and lines, for each kind of comment, literal and name.
final class LexerTests: XCTestCase {
    /// Each token as `kind text`, line breaks left out.
    private func cut(_ text: String) -> [String] {
        let source = LexedSource(text)
        return source.tokens.filter { $0.kind != .newline }.map { "\(Self.name(of: $0)) \(source.text(of: $0))" }
    }

    private static func name(of token: SwiftToken) -> String {
        switch token.kind {
        case .identifier: "identifier"
        case .poundKeyword: "pound"
        case .attribute: "attribute"
        case .number: "number"
        case .string: token.isTerminated ? "string" : "open-string"
        case .regex(let terminated): terminated ? "regex" : "open-regex"
        case .lineComment: "line-comment"
        case .blockComment(let terminated): terminated ? "block-comment" : "open-block-comment"
        case .placeholder: "placeholder"
        case .open: "open"
        case .close: "close"
        case .operator: "operator"
        case .punctuation: "punctuation"
        case .newline: "newline"
        }
    }

    /// The vocabulary agrees with itself: every word of its narrower lists (what declares, what modifies, what an
    /// import names, an accessor) is one of Swift's keywords, so that a reader asking "is it a keyword" and one
    /// asking "is it a modifier" never disagree (`distributed` was a modifier and no keyword).
    func testTheVocabularysListsAreKeywords() {
        let lists: [(String, Set<String>)] = [
            ("typeWords", SwiftVocabulary.typeWords), ("declaringWords", SwiftVocabulary.declaringWords),
            ("bindingWords", SwiftVocabulary.bindingWords), ("importKinds", SwiftVocabulary.importKinds),
            ("declarationModifiers", SwiftVocabulary.declarationModifiers),
            ("accessorWords", SwiftVocabulary.accessorWords),
        ]
        for (name, words) in lists {
            XCTAssertEqual(words.subtracting(SwiftVocabulary.keywords).sorted(), [], name)
        }
    }

    func testCommentsNestAndEndWhereTheCompilerEndsThem() {
        XCTAssertEqual(
            cut("/* a /* b */ c */ x // d\n/// doc\n/* open"),
            [
                "block-comment /* a /* b */ c */", "identifier x", "line-comment // d", "line-comment /// doc",
                "open-block-comment /* open",
            ])
    }

    func testStringLiteralsOfEveryKind() {
        XCTAssertEqual(
            cut(###"a("x\"y", #"r"q"#, ##"s"#t"##, "\\") ""###),
            [
                "identifier a", "open (", #"string "x\"y""#, "punctuation ,", ##"string #"r"q"#"##, "punctuation ,",
                ###"string ##"s"#t"##"###, "punctuation ,", #"string "\\""#, "close )", "open-string \"",
            ])
        XCTAssertEqual(
            cut("let s = #\"\"\"\n  \"\"\" still inside\n  \"\"\"#\nafter"),
            [
                "identifier let", "identifier s", "operator =", "string #\"\"\"\n  \"\"\" still inside\n  \"\"\"#",
                "identifier after",
            ])
        XCTAssertEqual(cut("\"never closed\nnext"), ["open-string \"never closed", "identifier next"])
    }

    func testInterpolationsAreCodeInsideTheirLiteral() throws {
        let source = LexedSource(#"print("a \(f("b)", x)) c") // \(not)"#)
        let literal = try XCTUnwrap(source.tokens.first { $0.isString })
        guard literal.kind == .string, let string = literal.literal else { return XCTFail() }
        XCTAssertEqual(string.interpolations.count, 1)
        XCTAssertEqual(
            string.interpolations[0].map { source.text(of: $0) }, ["f", "(", "\"b)\"", ",", "x", ")"])
        XCTAssertEqual(source.tokens.last.map { source.text(of: $0) }, #"// \(not)"#)
        XCTAssertEqual(source.allTokens.filter(\.isString).count, 2, "the literal inside the interpolation too")
        // A raw string's interpolation is `\#(`; `\(` in it is text.
        let raw = LexedSource(##"#"\(a) \#(b)"#"##)
        guard raw.tokens[0].kind == .string, let rawLiteral = raw.tokens[0].literal else { return XCTFail() }
        XCTAssertEqual(rawLiteral.interpolations.map { $0.map { raw.text(of: $0) } }, [["b"]])
    }

    func testRegexLiteralsPlaceholdersAndDirectives() {
        XCTAssertEqual(
            cut(#"let r = #/"/# // c"#),
            ["identifier let", "identifier r", "operator =", #"regex #/"/#"#, "line-comment // c"])
        XCTAssertEqual(
            cut("f(<#name#>) #if DEBUG @available(*) `default` $0"),
            [
                "identifier f", "open (", "placeholder <#name#>", "close )", "pound #if", "identifier DEBUG",
                "attribute @available", "open (", "operator *", "close )", "identifier `default`", "identifier $0",
            ])
        XCTAssertEqual(cut("a <# open"), ["identifier a", "operator <", "punctuation #", "identifier open"])
    }

    func testNumbersOperatorsAndDots() {
        XCTAssertEqual(
            cut("3.repetitions 1...5 0x1F 1e-3 a?.b x != …"),
            [
                "number 3", "punctuation .", "identifier repetitions", "number 1", "operator ...", "number 5",
                "number 0x1F", "number 1e-3", "identifier a", "operator ?", "punctuation .", "identifier b",
                "identifier x", "operator !=", "operator …",
            ])
        XCTAssertEqual(cut("a+/*c*/b"), ["identifier a", "operator +", "block-comment /*c*/", "identifier b"])
        XCTAssertEqual(cut("çağrı + değer"), ["identifier çağrı", "operator +", "identifier değer"])
    }

    func testLinesAndColumnsAreUTF8() throws {
        let source = LexedSource("let ç = \"\"\"\n  two\n  \"\"\"; x\r\ny")
        let string = try XCTUnwrap(source.tokens.first(where: \.isString))
        XCTAssertEqual([string.line, string.lastLine, source.column(of: string)], [0, 2, 9])
        let x = try XCTUnwrap(source.tokens.first { source.text(of: $0) == "x" })
        XCTAssertEqual([x.line, source.column(of: x)], [2, 7])
        let y = try XCTUnwrap(source.tokens.last)
        XCTAssertEqual([y.line, source.column(of: y)], [3, 0], "a CRLF is one line break")
    }

    /// An interpolation's tokens are cut before the literal around it, which starts lines earlier: each token
    /// has its own lines however the lexer goes back and forth.
    func testLinesOfInterpolationsAndTheLiteralAroundThem() throws {
        let source = LexedSource("\"\"\"\na\n\\(f(\n1))\n\"\"\"\nz")
        let string = try XCTUnwrap(source.tokens.first)
        XCTAssertEqual([string.line, string.lastLine], [0, 4])
        let inner = try XCTUnwrap(string.literal?.interpolations.first)
        XCTAssertEqual(inner.map { "\(source.text(of: $0))@\($0.line)" }, ["f@2", "(@2", "\n@2", "1@3", ")@3"])
        XCTAssertEqual(source.tokens.map(\.line), [0, 4, 5])
    }

    /// Tokens are offsets into bytes: two texts that `String` calls equal, `é` composed and decomposed, are
    /// each lexed from their own bytes, not one served from the memo of the other.
    func testCanonicallyEqualTextsAreLexedFromTheirOwnBytes() throws {
        let composed = "let s = \"caf\u{E9}\"; x"
        let decomposed = "let s = \"cafe\u{301}\"; x"
        XCTAssertEqual(composed, decomposed)
        XCTAssertEqual(LexedSource(composed).bytes, Array(composed.utf8))
        let second = LexedSource(decomposed)
        XCTAssertEqual(second.bytes, Array(decomposed.utf8))
        XCTAssertEqual(second.text(of: try XCTUnwrap(second.tokens.last)), "x")
        XCTAssertEqual(TopLevelItems(decomposed).source.bytes, Array(decomposed.utf8))
    }

    func testSelfContainedSourcesCloseWhatTheyOpen() {
        XCTAssertTrue(LexedSource("f(\"}\") { [1] } /* ( */").isSelfContained)
        for open in ["f(]", "}", "{", "\"\"\"\nnever", "/* never", "\"line"] {
            XCTAssertFalse(LexedSource(open).isSelfContained, open)
        }
    }

    /// Interpolations are lexed by recursion: nested past the bound, the rest is left unlexed, and a
    /// submission that does so is refused instead of crashing the grader.
    func testNestingIsBounded() {
        let deep = String(repeating: #""\("#, count: 10_000) + "1" + String(repeating: #")""#, count: 10_000)
        let source = LexedSource(deep)
        XCTAssertTrue(source.isTooDeep)
        XCTAssertFalse(source.isSelfContained)
        XCTAssertEqual(
            SubmissionRules.refusal(of: deep)?.english,
            "string interpolations may not be nested more than 64 deep in a submission")
        XCTAssertFalse(
            LexedSource(String(repeating: #""\("#, count: 64) + "1" + String(repeating: #")""#, count: 64)).isTooDeep)
    }

    /// The fixture's listings, each valid Swift, each run alone: a name in a nested comment, in a raw
    /// string or in its `\(…)`, and an import in a multi-line string choose no context and keep none from
    /// running.
    func testWordsInCommentsAndLiteralsChooseNoContext() {
        let plan = LessonPlanner.plan(Lesson.read(path: TestSupport.packageRoot + "/Fixtures/listings/pass/lexing.md"))
        XCTAssertEqual(plan.listings.map(\.block.openingLine), [6, 14, 22, 29])
        XCTAssertEqual(plan.listings.map { $0.context.map(\.openingLine) }, [[], [], [], []])
        XCTAssertEqual(plan.listings.map(\.notRun), [nil, nil, nil, nil])
    }
}
