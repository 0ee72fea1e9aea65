import Foundation
import XCTest

@testable import LessonKit

/// The submission rules read tokens: a directive or an `@available` message in code is refused, the same
/// words in a comment or a string are not, and a megabyte is scanned in one pass.
final class SubmissionRulesTests: XCTestCase {
    func testDirectivesInCodeAreRefused() {
        XCTAssertEqual(SubmissionRules.scan(LexedSource("#warning(\"x\")\n")), .init(diagnosticDirective: true))
        XCTAssertEqual(SubmissionRules.scan(LexedSource("  #error(\"x\")")), .init(diagnosticDirective: true))
        XCTAssertEqual(
            SubmissionRules.scan(LexedSource("#sourceLocation(file: \"a\", line: 1)")), .init(sourceLocation: true))
        XCTAssertEqual(
            SubmissionRules.scan(LexedSource("let s = \"\\(f(#error(\"x\")))\"")), .init(diagnosticDirective: true),
            "code in an interpolation is code")
    }

    /// A correct solution that mentions `#warning` in a comment, or holds the words in a string, is graded.
    func testTheSameWordsInCommentsAndStringsAreNot() {
        let sources = [
            "// Do not use #warning here.\nfunc f() {}\n", "/* #error /* nested #sourceLocation */ still */\n",
            "let a = \"#warning\"\n", "let b = #\"#error \"quoted\" \\(x)\"#\n",
            "let c = \"\"\"\n#sourceLocation\n\"\"\"\n",
            "/// @available(*, message: \"a\\nb\")\nfunc g() {}\n", "let d = value#warning\n",
        ]
        for source in sources { XCTAssertEqual(SubmissionRules.scan(LexedSource(source)), .init(), source) }
    }

    func testAnAvailabilityMessageIsReadAsTokens() {
        func breaks(_ source: String) -> Bool { SubmissionRules.scan(LexedSource(source)).availabilityBreaksLines }
        XCTAssertTrue(breaks("@available(*, deprecated, message: \"a\\nb\") func f() {}"))
        XCTAssertTrue(breaks("@available (*, unavailable, message: \"\\u{2028}\") func f() {}"))
        XCTAssertTrue(breaks("@available(*, renamed: \"g\", message: #\"a\\#rb\"#) func f() {}"))
        XCTAssertFalse(breaks("@available(*, message: \"a (b) c\") func f() { print(\"x\\ny\") }"))
        XCTAssertFalse(breaks("// @available(*, message: \"a\\nb\")\nfunc f() {}"))
        XCTAssertFalse(breaks("let s = \"@available(*, message: \\\"a\\\\nb\\\")\""))
        XCTAssertFalse(breaks("@available(iOS 13, *) func f() { print(\"\\n\") }"), "a message after the attribute")
    }

    /// A megabyte of what made the old pre-check quadratic (`@available` with no closing parenthesis, again
    /// and again) is scanned in one pass; its time is measured by the benchmark, not here.
    func testAMegabyteIsScannedWhole() {
        let unit = "@available(*, message: \"x\" // (\n"
        let source = String(repeating: unit, count: (1 << 20) / unit.utf8.count)
        XCTAssertGreaterThan(source.utf8.count, 1_000_000)
        XCTAssertEqual(SubmissionRules.scan(LexedSource(source)), .init())
        XCTAssertEqual(
            SubmissionRules.scan(LexedSource((source + "\n#warning(\"late\")\n"))), .init(diagnosticDirective: true))
    }
}
