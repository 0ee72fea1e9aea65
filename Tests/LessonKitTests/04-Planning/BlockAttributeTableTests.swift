import XCTest

@testable import LessonReading

/// Each kind of block names, reads and lists its attributes in one table: the typed options come from it, a
/// value it does not take says what it needs, and no other file asks an info string for an attribute by name.
final class BlockAttributeTableTests: XCTestCase {
    private func block(_ info: String) -> FencedBlock {
        FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString(info), openingLine: 1,
            closingLine: 3, content: [SourceLine(number: 2, text: "print(1)", ending: "\n")])
    }

    func testEachKindListsItsAttributesFromItsTable() {
        XCTAssertEqual(
            BlockAttributes.scenarioAttributes,
            [
                "ignore", "no_run", "compile_fail", "should_trap", "standalone", "exercise", "points", "task",
                "visibility", "reveal",
            ])
        XCTAssertEqual(
            BlockAttributes.snippetAttributes,
            ["ignore", "nocompile", "compile_fail", "verbatim", "listing", "continues"])
        XCTAssertEqual(BlockAttributes.outputAttributes, ["unordered", "ellipsis", "partial"])
        XCTAssertEqual(BlockAttributes.engineFileAttributes, ["exercise"])
    }

    func testTheTablesGiveTypedOptions() {
        var snippet = SnippetOptions()
        snippet.noCompile = true
        snippet.listing = "first"
        snippet.continues = ""
        XCTAssertEqual(SnippetOptions(block("swift nocompile listing=first continues")), snippet)
        XCTAssertEqual(SnippetOptions(block("swift ignore=\"later\"")).ignoreReason, "later")

        let (scenario, messages) = BlockAttributes.read(
            InfoString("swift no_run points=x task=2 visibility=name-only"), table: BlockAttributes.scenarioTable,
            into: ScenarioOptions())
        XCTAssertTrue(scenario.noRun)
        XCTAssertEqual(scenario.points, 1)
        XCTAssertEqual(scenario.task, 2)
        XCTAssertEqual(scenario.visibility, .nameOnly)
        XCTAssertEqual(messages, ["attribute 'points' needs a whole number: points=N"])

        let (starter, problems) = BlockAttributes.read(
            InfoString("swift exercise"), table: BlockAttributes.engineFileTable, into: EngineFileOptions())
        XCTAssertEqual(starter.exercise, "")
        XCTAssertEqual(problems, ["attribute 'exercise' needs an ID: exercise=ID"])
    }

    /// Attributes are read by the tables alone: no source file asks an info string for one by its name.
    func testNoSourceAsksForAnAttributeByName() throws {
        let sources = TestSupport.packageRoot + "/Sources"
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: sources)).filter {
            $0.hasSuffix(".swift")
        }
        var asking: [String] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            if text.contains("info.has(\"") || text.contains("info.attribute(\"") { asking.append(file) }
        }
        XCTAssertEqual(asking, [])
    }
}
