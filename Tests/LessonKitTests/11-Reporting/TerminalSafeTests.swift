import XCTest

@testable import LessonKit

/// What a program prints reaches a terminal shown, never performed: controls and the characters that
/// change the layout of text without being seen are escaped.
final class TerminalSafeTests: XCTestCase {
    func testLayoutCharactersAreEscapedAsControlsAre() {
        XCTAssertEqual(TerminalSafe.escape("exe\u{202E}txt.exe"), "exe\\u{202e}txt.exe")
        XCTAssertEqual(TerminalSafe.escape("a\u{2028}b\u{2029}c"), "a\\u{2028}b\\u{2029}c")
        XCTAssertEqual(TerminalSafe.escape("\u{FEFF}start"), "\\u{feff}start")
        XCTAssertEqual(TerminalSafe.escape("\u{2066}isolated\u{2069} \u{200F}"), "\\u{2066}isolated\\u{2069} \\u{200f}")
        XCTAssertEqual(TerminalSafe.escape("\u{1B}[31mred\u{7}"), "\\e[31mred\\u{7}")
        XCTAssertEqual(TerminalSafe.escape("Tiếng Việt, ğüş, العربية\tok"), "Tiếng Việt, ğüş, العربية\tok")
    }
}
