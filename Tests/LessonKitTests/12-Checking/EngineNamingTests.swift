import Foundation
import XCTest

@testable import LessonKit

/// A lesson of the existing format keeps passing when it stops reprinting its engine and names it instead.
final class EngineNamingTests: XCTestCase {
    func testReprintedEngineCanBeReplacedByItsName() throws {
        let original = try String(
            contentsOfFile: TestSupport.packageRoot + "/Lessons/uikit/01-hucre-yeniden-kullanimi.md", encoding: .utf8)
        let plan = LessonPlanner.plan(Lesson(path: "original.md", bytes: Array(original.utf8)))
        let engineBlock = try XCTUnwrap(plan.engineFiles.first?.block)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeSubrange((engineBlock.openingLine - 1)...(engineBlock.lastLine - 1))
        lines.insert("engine: Sync", at: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("named-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let named = folder.appendingPathComponent("named.md").path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: named))

        let checker = LessonChecker(options: TestSupport.fixtureOptions, toolchain: try TestSupport.toolchain())
        let report = checker.check(files: [named])
        XCTAssertEqual(report.findings, [])
        XCTAssertEqual(report.lessons.first?.checks.filter { $0.kind == .scenario }.count, plan.scenarios.count)
        XCTAssertTrue(report.succeeded)
    }
}
