import XCTest

@testable import LessonKit

/// The one writer of the `switch` that runs a program's selected scenario, and the programs it writes it for.
final class ScenarioDispatchTests: XCTestCase {
    func testTheSwitchCallsEachScenarioByItsIndexAndEndsOnAnyOther() {
        XCTAssertEqual(
            ScenarioDispatch.switchStatement(over: "index", calls: ["a()", "b()"]),
            "switch index {\ncase 0: a()\ncase 1: b()\ndefault: _lessonUnknownScenario()\n}\n")
        XCTAssertEqual(
            ScenarioDispatch.switchStatement(over: "index", calls: []),
            "switch index {\ndefault: _lessonUnknownScenario()\n}\n")
    }

    func testAMergedProgramDispatchesThroughIt() {
        let block = FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString("swift"), openingLine: 1,
            closingLine: 3, content: [SourceLine(number: 2, text: "print(1)", ending: "\n")])
        let body = ProgramBody(block: PlannedBlock(reading: block))
        let files = ProgramSource.mergedProgram(
            engine: [], programs: [(body, "/l.md")], native: true, batches: true)
        XCTAssertTrue(
            files.last!.contents.hasSuffix(
                ScenarioDispatch.switchStatement(
                    over: "_lessonBatchSelectedScenario()", calls: ["\(ProgramSource.scenarioFunction(0))()"])))
    }
}
