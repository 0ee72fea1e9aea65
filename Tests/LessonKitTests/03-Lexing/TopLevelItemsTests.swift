import XCTest

@testable import LessonKit

/// A block's top level is cut into items once (`TopLevelItems`), and every reader of its declarations,
/// imports and functions reads those items.
final class TopLevelItemsTests: XCTestCase {
    private func describe(_ text: String) -> [String] {
        let read = TopLevelItems(LexedSource(text))
        return read.items.map { item in
            let keyword = read.keyword(of: item) ?? "statement"
            let qualifiers = (item.hasAttributes ? ["@"] : []) + item.modifiers
            let body = item.bodyEnd == nil ? "" : " {}"
            return "\(item.firstLine)-\(item.lastLine) \(qualifiers.joined(separator: " ")) \(keyword)\(body)"
        }
    }

    func testItemsRunPastAttributesToTheirBodyAndEndAtASemicolon() {
        let text = """
            @propertyWrapper
            struct Clamped
            {
                var wrappedValue: Int
            }
            let a = 1; func twice(_ n: Int) -> Int { 2 * n }
            private(set) var x = [
                1,
            ]
            open(file)
            final class Box {}
            """
        XCTAssertEqual(
            describe(text),
            [
                "0-4 @ struct {}", "5-5  let", "5-5  func {}", "6-8 private var", "9-9  statement",
                "10-10 final class {}",
            ])
        let read = TopLevelItems(LexedSource(text))
        XCTAssertEqual(read.functions, ["twice"])
        XCTAssertTrue(read.sharesLines(1))
        XCTAssertTrue(read.sharesLines(2))
        XCTAssertFalse(read.sharesLines(0))
        XCTAssertTrue(read.isBalanced)
        XCTAssertFalse(TopLevelItems(LexedSource("let a = (1\n")).isBalanced)
        XCTAssertFalse(TopLevelItems(LexedSource("}\n")).isBalanced)
    }

    func testImportsAndOperatorFunctionsAreItemsOfTheirOwn() {
        let read = TopLevelItems(
            LexedSource(
                "import struct Foundation.Date\n@testable import UIKit\nfunc + (a: V, b: V) -> V { a }\n"
                    + "if true { import Glibc }\n"))
        XCTAssertEqual(read.importedModules, ["Foundation", "UIKit"])
        XCTAssertEqual(read.functions, ["+"])
    }
}
