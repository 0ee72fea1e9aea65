import XCTest

@testable import LessonKit

/// A scenario's "not built" says whether its engine is broken for every scenario or only with this one, and
/// which of its top-level names the engine's error is at.
final class EngineBreakageTests: XCTestCase {
    private let engine = "Engines/Tally/Tally.swift"

    private func error(line: Int, column: Int, source: String) -> Finding {
        Finding(
            .engineBuildError, at: SourceLocation(path: engine, line: line, column: column), "an error",
            details: [source, String(repeating: " ", count: column - 1) + "^"])
    }

    func testTheScenariosNameAtTheErrorsColumnIsNamed() {
        let scenario = SwiftBlock.of("let max = 3\nvar tally = Tally()\n")
        let errors = [
            error(line: 9, column: 28, source: "        count = max(count, amount)"),
            error(line: 9, column: 17, source: "        count = max(count, amount)"),
        ]
        XCTAssertEqual(
            EngineBreakage.notBuilt(
                scenario, errors: errors, buildsWithOthers: false, engineFiles: [], lessonPath: "lesson.md"),
            "not built: the engine does not build with this scenario's top-level `max` (\(engine):9:17)")
    }

    func testAnErrorAtNoNameOfTheScenarioSaysWhetherTheEngineBuildsWithOthers() {
        let scenario = SwiftBlock.of("typealias IntegerLiteralType = Double\nhalfOfSeven()\n")
        let errors = [error(line: 9, column: 28, source: "        count = max(count, amount)")]
        XCTAssertEqual(
            EngineBreakage.notBuilt(
                scenario, errors: errors, buildsWithOthers: true, engineFiles: [], lessonPath: "lesson.md"),
            "not built: the engine does not build with this scenario (\(engine):9:28)")
        XCTAssertEqual(
            EngineBreakage.notBuilt(
                scenario, errors: errors, buildsWithOthers: false, engineFiles: [], lessonPath: "lesson.md"),
            "not built: the engine does not build (\(engine):9:28)")
    }
}
