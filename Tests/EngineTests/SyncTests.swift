import XCTest

@testable import Sync

/// Every verdict and the exact lines `check` and `countVerdicts` print.
final class SyncTests: XCTestCase {
    func testEveryVerdict() {
        XCTAssertEqual(verdict(model: nil, shown: nil), "olcum-disi")
        XCTAssertEqual(verdict(model: nil, shown: "a"), "artik")
        XCTAssertEqual(verdict(model: "a", shown: nil), "eksik")
        XCTAssertEqual(verdict(model: "a", shown: "a"), "uyumlu")
        XCTAssertEqual(verdict(model: "a", shown: "b"), "bayat")
    }

    func testScreenStartsEmptyAndSetAndClearChangeIt() {
        let screen = Screen("Profil")
        XCTAssertEqual(screen.name, "Profil")
        XCTAssertEqual(screen.shown, [:])
        screen.set("ad", "Ada")
        XCTAssertEqual(screen.shown, ["ad": "Ada"])
        screen.clear("ad")
        XCTAssertEqual(screen.shown, [:])
        screen.clear("never-set")
        XCTAssertEqual(screen.shown, [:])
    }

    func testCheckPrintsOneLinePerKeyInOrderWithDashesForMissingValues() {
        let screen = Screen("Form")
        screen.set("a", "1")
        screen.set("b", "old")
        screen.set("extra", "x")
        var verdicts: [String] = []
        let output = capturedOutput {
            verdicts = check(
                "adim", model: ["a": "1", "b": "new", "c": "3"], screen: screen, keys: ["c", "a", "b", "extra", "none"])
        }
        XCTAssertEqual(verdicts, ["eksik", "uyumlu", "bayat", "artik", "olcum-disi"])
        XCTAssertEqual(
            output,
            """
            adim | Form.c: model=3 ekran=- -> eksik
            adim | Form.a: model=1 ekran=1 -> uyumlu
            adim | Form.b: model=new ekran=old -> bayat
            adim | Form.extra: model=- ekran=x -> artik
            adim | Form.none: model=- ekran=- -> olcum-disi

            """)
    }

    func testCheckWithNoKeysPrintsNothing() {
        let output = capturedOutput { XCTAssertEqual(check("bos", model: [:], screen: Screen("S"), keys: []), []) }
        XCTAssertEqual(output, "")
    }

    func testCountVerdictsPrintsFourCountsInOrderIgnoringOthers() {
        let output = capturedOutput { countVerdicts(["bayat", "uyumlu", "bayat", "artik", "olcum-disi"]) }
        XCTAssertEqual(output, "uyumlu: 1\nbayat: 2\neksik: 0\nartik: 1\n")
        XCTAssertEqual(capturedOutput { countVerdicts([]) }, "uyumlu: 0\nbayat: 0\neksik: 0\nartik: 0\n")
    }
}
