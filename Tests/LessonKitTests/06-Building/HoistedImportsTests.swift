import Foundation
import XCTest

@testable import LessonKit

/// Scenarios that import modules are merged with scenarios of the same imports, their import lines hoisted
/// to the top of the program's files and blank in their functions.
final class HoistedImportsTests: XCTestCase {
    func testImportLinesAreHoistedAndBlankWhereTheyWere() throws {
        let text = "// main.swift — x\nimport Foundation  // formats\nimport struct Foundation.Date\nprint(1)\n"
        let hoisted = try XCTUnwrap(HoistedImports(text))
        XCTAssertEqual(hoisted.imports, ["import Foundation", "import struct Foundation.Date"])
        XCTAssertEqual(hoisted.code, "// main.swift — x\n\n\nprint(1)\n")

        let none = try XCTUnwrap(HoistedImports("print(\"import\")\n"))
        XCTAssertEqual(none.imports, [])
        XCTAssertEqual(none.code, "print(\"import\")\n")
    }

    /// An import that is not a line of its own at the top level cannot be hoisted: the scenario is built
    /// alone, at the top level of its `main.swift`.
    func testAnImportThatIsNotALineOfItsOwnIsNotHoisted() {
        for text in [
            "@testable import Foundation\n", "import Foundation; print(1)\n", "if true {\nimport Foundation\n}\n",
            "import Foundation /* a comment\nthat runs on */\n", "print(1); import Foundation\n", "import\n",
            "import Foundation.\n",
        ] {
            XCTAssertNil(HoistedImports(text), text)
        }
    }

    /// A scenario's imports are hoisted; what else it holds is decided as for any scenario.
    func testImportsAreHoistedAndTheRestDecidedAsForAnyScenario() {
        let decide = { MergePolicy.scenario($0, engine: ["func joined() {}\n"], languageMode: .swift5) }
        XCTAssertEqual(
            decide("import Foundation\nprint(1)\n"), .wrapped(MergePolicy.Wrapping(imports: ["import Foundation"])))
        XCTAssertEqual(decide("import Foundation\nstruct A {}\nprint(A())\n"), .module(.usesWord("struct")))
        XCTAssertEqual(decide("import Foundation\nprint(#function)\n"), .module(.usesWord("#function")))
        XCTAssertEqual(decide("import Foundation\nlet joined = 1\n"), .alone(.shadowsEngineName("joined")))
        XCTAssertEqual(
            decide("import Foundation\nfunc twice(_ n: Int) -> Int { 2 * n }\n"),
            .module(.overloadsStandardName("twice")), "an imported module's names are in no list")
        XCTAssertEqual(decide("print(1)\n"), .wrapped(MergePolicy.Wrapping()))
    }

    /// Built whole by `swiftc` (where the driver gives no recipe), every file with a scenario's code imports
    /// what it imports, and the program runs.
    func testAProgramBuiltWholeImportsInEveryFileWithAScenariosCode() throws {
        let text = "// main.swift — formats\nimport Foundation\nprint(String(format: \"%03d\", 7))\n"
        let markdown = "```swift\n" + text + "```\n"
        let block = try XCTUnwrap(
            LessonPlanner.plan(Lesson(path: "/l.md", bytes: Array(markdown.utf8))).scenarios.first
        )
        .block
        var body = ProgramBody(block: PlannedBlock(reading: block))
        body.way = .wrapped(MergePolicy.Wrapping(imports: ["import Foundation"]))
        let imports = ["import Foundation"]
        let files = ProgramSource.mergedProgram(
            engine: ProgramSource.importsFile(imports), programs: [(body, "/l.md")], imports: imports)
        XCTAssertEqual(
            files.map(\.name),
            [
                "_LessonImports.swift", "_LessonSupportDeclarations.swift", "_LessonSupport.c",
                "_LessonScenario0.swift",
                "main.swift",
            ])
        XCTAssertEqual(files[0].contents, "import Foundation\n")
        XCTAssertTrue(files[3].contents.hasPrefix("import Foundation\nfunc _lessonScenario0() {\n"), files[3].contents)
        XCTAssertTrue(files[3].contents.contains("formats\n\nprint(String(format:"), "the import line is blank")
        XCTAssertTrue(files[4].contents.hasPrefix("import Foundation\n"), files[4].contents)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("whole-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60)
        let built = try compiler.build(files, languageMode: .swift5, in: folder, output: "program")
        XCTAssertTrue(built.succeeded, built.output)
        let run = try Subprocess.run(
            folder + "/program", arguments: [], environment: ["LESSON_SCENARIO": "0"],
            limits: ProcessLimits(timeout: 10, outputLimit: 1024))
        XCTAssertEqual(String(decoding: run.standardOutput, as: UTF8.self), "007\n")
    }

    /// Three scenarios that import Foundation take one program; their report is the one they get built alone
    /// (the fixture's golden, `FixtureTests`).
    func testScenariosOfTheSameImportsShareOneProgram() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imports-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenarios = (1...3).map { number in
            "```swift\n// main.swift — \(number)\nimport Foundation\nprint(String(format: \"%02d\", \(number)))\n```\n\n"
                + "```\n0\(number)\n```\n"
        }
        let lesson = folder + "/lesson.md"
        try ScratchFile.save(scenarios.joined(separator: "\n"), to: lesson)
        let (report, counts) = try TestSupport.checkCounting([lesson])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 1)
    }
}
