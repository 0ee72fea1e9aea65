import Foundation
import XCTest

@testable import LessonKit

/// An exercise's reference solution beside its lesson (`solutions/<ID>/<File>`, with `hidden/<ID>.md`) is
/// graded by `lesson check` and must get full marks: a broken one fails at its own file.
final class ReferenceSolutionTests: XCTestCase {
    func testABrokenReferenceSolutionFailsAtItsFile() throws {
        let course = try TestSupport.temporaryFolder("reference-solution")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let source = TestSupport.packageRoot + "/Fixtures/grading"
        for folder in ["solutions/sync-engine", "hidden"] {
            try FileManager.default.createDirectory(atPath: course + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["engine-exercise.md", "hidden/sync-engine.md", "solutions/sync-engine/Sync.swift"] {
            try FileManager.default.copyItem(atPath: source + "/" + file, toPath: course + "/" + file)
        }
        let check = {
            try TestSupport.runLesson(["check", "--no-cache", "--color", "never", course + "/engine-exercise.md"])
        }
        let passing = try check()
        XCTAssertEqual(passing.status, 0, passing.standardOutput)
        XCTAssertEqual(passing.standardOutput, "4 passed, 0 failed\n")

        // The wrong submission's engine, as if the reference solution had been broken.
        let wrong = try String(
            contentsOfFile: source + "/submissions/sync-engine/wrong/Sync.swift", encoding: .utf8)
        try Data(wrong.utf8).write(to: URL(fileURLWithPath: course + "/solutions/sync-engine/Sync.swift"))
        let failing = try check()
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(
            failing.standardOutput.hasPrefix(
                "\(course)/solutions/sync-engine/Sync.swift:1: error: the reference solution scores 4/5: test "
                    + "'ayni deger uyumlu, farkli deger bayat' failed\n"),
            failing.standardOutput)
        XCTAssertTrue(failing.standardOutput.hasSuffix("3 passed, 1 failed\n"), failing.standardOutput)
    }
}
