import XCTest

@testable import LessonKit

/// A scenario built alone whose top-level declarations its engine's code cannot see is compiled as the
/// reader's `main.swift` against its engine's objects and linked into one executable with others; each
/// program's symbols are its own, so two that declare the same type each print `main.X`.
final class LinkedAsMainTests: XCTestCase {
    private func decide(_ scenario: String, engine: [String] = []) -> MergePolicy.Decision {
        MergePolicy.scenario(scenario, engine: engine, languageMode: .swift5)
    }

    func testWhatTheEnginesCodeCouldSeeIsBuiltAsTheReaderBuildsIt() {
        XCTAssertEqual(decide("struct Mark {}\nprint(Mark())\n"), .module(.usesWord("struct")))
        XCTAssertEqual(
            decide("struct Mark {}\nextension Mark: CustomStringConvertible { var description: String { \"m\" } }\n"),
            .module(.usesWord("struct")), "an extension of its own type")
        // Seen by the engine's code, and by every program of the executable.
        XCTAssertEqual(decide("extension Int { var doubled: Int { self * 2 } }\n"), .alone(.usesWord("extension")))
        XCTAssertEqual(decide("struct V {}\nfunc + (a: V, b: V) -> V { a }\n"), .alone(.usesWord("struct")))
        XCTAssertEqual(decide("infix operator +++\n"), .alone(.usesWord("infix")))
        XCTAssertEqual(decide("@main struct App { static func main() {} }\n"), .alone(.usesWord("@main")))
        XCTAssertEqual(decide("@_cdecl(\"f\") func f() {}\n"), .alone(.usesWord("@_cdecl")))
        XCTAssertEqual(decide("struct _LessonMark {}\n"), .alone(.usesWord("_LessonMark")))
        // A name the engine declares, or finds in the standard library.
        XCTAssertEqual(decide("struct Tally {}\n", engine: ["struct Tally {}\n"]), .alone(.usesWord("struct")))
        XCTAssertEqual(
            decide("struct Result {}\n", engine: ["func run() -> Result<Int, Error> { .success(1) }\n"]),
            .alone(.usesWord("struct")))
        // An engine that names a place in its source, and Swift 6 mode.
        XCTAssertEqual(
            decide("print(1)\nreturn\n", engine: ["func here(_ f: String = #fileID) {}\n"]),
            .alone(.usesWord("return")))
        XCTAssertEqual(
            MergePolicy.scenario("struct Mark {}\n", engine: [], languageMode: .swift6), .alone(.usesWord("struct")))
    }

    /// Found by a review of this linking, each once a lesson whose default check and reference disagreed:
    /// a name the compiler looks up for a literal, a name of an implicitly imported module or the module's
    /// own, a lookup by name as the program runs (another program of the executable declares a type of that
    /// name), and the program's own stack.
    func testWhatTheReviewFoundIsBuiltAsTheReaderBuildsIt() {
        let letters = "func initial() -> Any {\n    let letter = \"a\"\n    return letter\n}\n"
        XCTAssertEqual(
            decide("typealias UnicodeScalarType = Character\nprint(type(of: initial()))\n", engine: [letters]),
            .alone(.usesWord("typealias")))
        XCTAssertEqual(
            decide(
                "struct CancellationError { var reason = \"own\" }\nreportCancellation()\n",
                engine: ["func reportCancellation() { print(CancellationError()) }\n"]),
            .alone(.usesWord("struct")))
        XCTAssertEqual(
            decide(
                "enum Swift { static func max(_ a: Int, _ b: Int) -> Int { -1 } }\nprint(largest(3, 5))\n",
                engine: ["func largest(_ a: Int, _ b: Int) -> Int { Swift.max(a, b) }\n"]),
            .alone(.usesWord("enum")))
        XCTAssertEqual(
            decide("struct Mark {}\nprint(_typeByName(\"4main4MarkV\") == Mark.self)\n"), .alone(.usesWord("struct")))
        XCTAssertEqual(
            decide("import Foundation\nfinal class Note: NSObject, NSCoding {}\n"), .alone(.usesWord("final")))
        XCTAssertEqual(
            decide("import Foundation\nprint(Thread.callStackSymbols.count)\n"),
            .alone(.usesWord("callStackSymbols")))
        XCTAssertEqual(
            decide("struct Mark {}\n", engine: ["func find() -> AnyClass? { NSClassFromString(\"main.Mark\") }\n"]),
            .alone(.usesWord("struct")), "an engine that looks up by name")
        // Wrapped, a scenario's own `withUnsafeCurrentTask` would be local: the engine's code would not find it.
        XCTAssertEqual(
            decide(
                "func withUnsafeCurrentTask<T>(body: (UnsafeCurrentTask?) throws -> T) rethrows -> T { try body(nil) }\n",
                engine: ["func inTask() -> String { withUnsafeCurrentTask { $0 == nil ? \"no\" : \"a\" } }\n"]),
            .alone(.hidesNameOfEngine("withUnsafeCurrentTask")))
    }

    /// Found by a second review: an extension of a type the scenario does not declare as a nominal type
    /// (written with sugar, or through a type alias) is the engine's and every linked program's; the
    /// environment a process started with still names the program a merged or linked run selects.
    func testWhatTheSecondReviewFoundIsBuiltAsTheReaderBuildsIt() {
        let engine = ["func report(_ values: [Int]) { print(values.first ?? -1) }\n"]
        XCTAssertEqual(
            decide("extension [Int] {\n    var first: Int? { last }\n}\nreport([1, 2])\n", engine: engine),
            .alone(.usesWord("extension")))
        XCTAssertEqual(
            decide("typealias Numbers = [Int]\nextension Numbers {\n    var first: Int? { last }\n}\n", engine: engine),
            .alone(.usesWord("typealias")))
        XCTAssertEqual(
            decide("typealias Whole = Int\nextension Whole: CustomStringConvertible {}\n"),
            .alone(.usesWord("typealias")))
        XCTAssertEqual(decide("struct Mark {}\nextension Mark: Equatable {}\n"), .module(.usesWord("struct")))
        XCTAssertEqual(
            decide("protocol Named {}\nextension Named { var name: String { \"n\" } }\n"),
            .module(.usesWord("protocol")))
        let environ = "import Foundation\nprint(try String(contentsOfFile: \"/proc/self/environ\", encoding: .utf8))\n"
        XCTAssertEqual(decide(environ), .alone(.usesWord("/proc/self/environ")))
        XCTAssertEqual(decide("struct Mark {}\n" + environ), .alone(.usesWord("struct")))
    }

    /// Found by a third review, each a lesson the default check passed where the reader's engine does not
    /// build: a name the engine calls after a range's operator (`1...max(a, b)`), a type the engine names as
    /// an attribute (`@MainActor`), and the program's own module (`main.Tally`).
    func testWhatTheThirdReviewFoundIsBuiltAsTheReaderBuildsIt() {
        XCTAssertEqual(
            decide(
                "struct Mark { let n: Int }\nlet max = Mark(n: 7).n\n",
                engine: ["func steps(_ a: Int, _ b: Int) -> [Int] { Array(1...max(a, b)) }\n"]),
            .alone(.usesWord("struct")))
        XCTAssertTrue(
            SwiftBlock("Array(1...max(a, b)) + [a..<min(a, b)]\n").unqualifiedWords.isSuperset(of: ["max", "min"]))
        XCTAssertEqual(
            decide("struct MainActor { let v: Int }\n", engine: ["@MainActor func current() -> String { \"main\" }\n"]),
            .alone(.usesWord("struct")))
        XCTAssertEqual(
            decide(
                "struct Mark {}\nfunc main() {}\nmain()\n",
                engine: ["struct Tally { var kind: String { String(reflecting: main.Tally.self) } }\n"]),
            .alone(.usesWord("struct")))
        XCTAssertEqual(decide("struct Mark {}\nfunc main() {}\nmain()\n"), .module(.usesWord("struct")))
    }

    /// The fixture's first three scenarios (two of them declaring a `Mark` of their own) are one program; the
    /// fourth, an extension of `Int`, is built alone: two programs. The report is the golden one, the reader's build's
    /// (`FixtureTests`).
    func testScenariosOfOneEngineAreLinkedIntoOneProgram() throws {
        TestSupport.enterPackageRoot()
        let (report, counts) = try TestSupport.checkCounting(["Fixtures/merge/linked-as-main.md"])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 4, failed: 0, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 2)
    }

    /// Each program of a batch is compiled by whichever worker is free, at its place in the batch; one that
    /// does not compile leaves its place unused, and the others, linked without it, still run their own code
    /// (here the second and third, each printing its own line), while the first is built alone for its error.
    func testAProgramThatDoesNotCompileLeavesItsPlaceAndTheOthersRunTheirOwn() throws {
        let folder = try WorkDirectory.create(prefix: "lesson-test")
        defer { folder.remove() }
        let fence = "```"
        let scenario = { (body: String, output: String) in
            "\(fence)swift\n// main.swift\nstruct Mark { let n: Int }\n\(body)\n\(fence)\n\n\(fence)\n\(output)\n\(fence)\n\n"
        }
        let lesson =
            "# Marks\n\n\(fence)swift\n// Marks.swift\nfunc show(_ value: Any) { print(\"mark\", value) }\n\(fence)\n\n"
            + scenario("show(Mark(n: \"one\"))", "mark one") + scenario("show(Mark(n: 2).n)", "mark 2")
            + scenario("show(Mark(n: 3).n * 10)", "mark 30")
        let path = folder.path + "/marks.md"
        try ScratchFile.save(lesson, to: path)
        let (report, counts) = try TestSupport.checkCounting([path])
        let checks = try XCTUnwrap(report.lessons.first).checks
        XCTAssertEqual(checks.map(\.status), [.failed, .passed, .passed])
        XCTAssertEqual(
            checks.first?.findings.first?.message,
            "cannot convert value of type 'String' to expected argument type 'Int'")
        XCTAssertEqual(checks.first?.findings.first?.location.line, 11)
        // The batch of the three (the first not linked), then the first alone.
        XCTAssertEqual(counts.programsBuilt, 2)
    }
}
