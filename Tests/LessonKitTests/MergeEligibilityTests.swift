import XCTest

@testable import LessonKit

/// Which scenarios may share a merged build, and why the others are built alone.
final class MergeEligibilityTests: XCTestCase {
    private func reasons(_ path: String) throws -> [String?] {
        let plan = LessonPlanner.plan(Lesson.read(path: TestSupport.packageRoot + "/" + path))
        let engine = plan.engineFiles.map(\.block.text)
        return plan.scenarios.map {
            MergeEligibility.reasonToBuildAlone(
                scenario: $0.block.text, engineSources: engine, standalone: $0.block.info.has("standalone"),
                swiftVersion: plan.swiftVersion)
        }
    }

    func testScenariosThatWrappingWouldChangeAreBuiltAlone() throws {
        XCTAssertEqual(
            try reasons("Fixtures/merge/declarations.md"),
            [
                "uses 'struct'", "uses 'extension'", "uses 'protocol'", "uses 'import'", "uses 'class'",
                "uses 'async'", "marked standalone",
            ])
        XCTAssertEqual(try reasons("Fixtures/merge/weak-reference.md"), ["uses 'weak'"])
        XCTAssertEqual(
            try reasons("Fixtures/merge/shadowed-engine-name.md"), ["declares 'label', which the engine declares too"])
        XCTAssertEqual(try reasons("Fixtures/check/pass/swift-6-mode.md"), ["Swift 6 language mode"])
    }

    func testPlainScenariosMayBeMerged() throws {
        XCTAssertEqual(try reasons("Fixtures/merge/fallback.md"), [nil, nil, nil, nil])
        XCTAssertEqual(try reasons("Fixtures/merge/one-trap-among-three.md"), [nil, nil, nil])
    }

    func testWordsInStringsAndCommentsDoNotCount() {
        let scenario = "// a class of its own\nprint(\"struct and await\")\n/* extension */ print(1)\n"
        XCTAssertNil(
            MergeEligibility.reasonToBuildAlone(
                scenario: scenario, engineSources: [], standalone: false, swiftVersion: "5"))
    }
}
