import XCTest

@testable import LessonKit

/// Swift 6 scenarios are merged, each in a `@MainActor` function as top-level code is isolated, unless they
/// or their engine use concurrency, where a function's locals and the top level's isolated globals differ.
final class SwiftSixMergeTests: XCTestCase {
    private func reason(_ scenario: String, engine: String = "final class Ledger {}\n") -> BuildAloneReason? {
        reason(scenario, engine: engine, languageMode: .swift6)
    }

    private func reason(_ scenario: String, engine: String, languageMode: LanguageMode) -> BuildAloneReason? {
        if case .alone(let reason) = MergePolicy.scenario(scenario, engine: [engine], languageMode: languageMode) {
            return reason
        }
        return nil
    }

    func testASwiftSixScenarioIsMergedUnlessItOrItsEngineUsesConcurrency() {
        XCTAssertNil(reason("let tally = Ledger()\nvar n = 0\nlet f = { n += 1 }\nf()\nprint(n)\n"))
        XCTAssertEqual(reason("let t = Ledger()\nTask.detached { print(t) }\n"), .languageMode(.swift6))
        XCTAssertEqual(reason("nonisolated(unsafe) var n = 0\nprint(n)\n"), .usesWord("nonisolated"))
        XCTAssertEqual(
            reason("var total = 0\nfunc add() { total += 1 }\nadd()\n"), .languageMode(.swift6), "a top-level function")
        XCTAssertNil(reason("var total = 0\n[1, 2].forEach { n in total += n }\nprint(total)\n"), "a closure")
        XCTAssertEqual(
            reason("print(1)\n", engine: "@MainActor final class Screen {}\n"), .languageMode(.swift6),
            "an engine isolated to the main actor")
        XCTAssertEqual(reason("print(1)\n", engine: "actor Store {}\n"), .languageMode(.swift6))
        // The same words in Swift 5 do not build a scenario alone.
        XCTAssertNil(
            reason(
                "let t = Ledger()\nTask.detached { print(t) }\n", engine: "final class Ledger {}\n",
                languageMode: .swift5))
    }

    func testTheFunctionOfASwiftSixScenarioIsIsolatedToTheMainActor() throws {
        let block = try XCTUnwrap(
            LessonPlanner.plan(Lesson(path: "/l.md", bytes: Array("```swift\n// main.swift\nprint(1)\n```\n".utf8)))
                .scenarios.first
        ).block
        let body = ProgramBody(block: PlannedBlock(reading: block))
        let six = ProgramSource.mergedProgram(
            engine: [], programs: [(body, "/l.md")], inMain: true, languageMode: .swift6)
        XCTAssertTrue(try XCTUnwrap(six.last).contents.contains("@MainActor func _lessonScenario0() {\n"))
        let five = ProgramSource.mergedProgram(engine: [], programs: [(body, "/l.md")], inMain: true)
        XCTAssertFalse(try XCTUnwrap(five.last).contents.contains("@MainActor"))
    }

    /// The fixture's two scenarios without concurrency take one program; the one whose detached task takes
    /// a top-level constant and the one whose top-level function changes a top-level variable are built
    /// alone, and fail as they do on their own. The report is the golden one (`FixtureTests`).
    func testALessonOfSwiftSixScenariosTakesThreePrograms() throws {
        TestSupport.enterPackageRoot()
        let (report, counts) = try TestSupport.checkCounting(["Fixtures/merge/swift-6.md"])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 2, failed: 2, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 3)
    }

    /// A merged Swift 6 program is compiled file by file like a Swift 5 one, by the driver's frontend command
    /// with its `-swift-version` changed, and its engine's objects are kept apart from the same engine's in
    /// Swift 5: the same lesson in both modes keeps two sets beside the support's.
    func testSwiftSixProgramsCompileFileByFileWithObjectsOfTheirOwn() throws {
        let recipe = SeparateCompilation(
            frontend: ["swift-frontend", "-frontend", "-c", "-swift-version", "5", "-Onone"], libraryExtraction: nil,
            link: [])
        XCTAssertEqual(
            recipe.inLanguageMode(.swift6)?.frontend,
            ["swift-frontend", "-frontend", "-c", "-swift-version", "6", "-Onone"])
        XCTAssertNil(
            SeparateCompilation(frontend: ["swift-frontend"], libraryExtraction: nil, link: []).inLanguageMode(.swift6))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-6-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = try String(contentsOfFile: TestSupport.packageRoot + "/Fixtures/merge/swift-6.md", encoding: .utf8)
        for (name, text) in [
            ("six", lesson), ("five", lesson.replacingOccurrences(of: "swift-version: 6\n", with: "")),
        ] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
            try ScratchFile.save(text, to: folder + "/\(name)/lesson.md")
        }
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder + "/cache"
        let checker = LessonChecker(options: options, toolchain: try TestSupport.toolchain())
        let report = checker.check(files: [folder + "/six/lesson.md", folder + "/five/lesson.md"])
        // In Swift 5 the detached task and the top-level function build; in Swift 6 they do not.
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 6, failed: 2, skipped: 0))
        let sets = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/objects").filter {
            !$0.hasPrefix(".")
        }
        XCTAssertEqual(sets.count, 3, "\(sets)")
    }
}
