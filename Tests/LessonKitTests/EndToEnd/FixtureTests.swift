import Foundation
import XCTest

@testable import LessonKit

/// Every lesson under `Fixtures` is checked (all together, so course folders see each other's engine
/// reprints) and its report compared byte for byte with the golden file beside it (`name.expected`): the
/// exact locations, messages, diffs and totals, then every check of the lesson with its kind, line and
/// status (`GoldenFile.fixtureText`), so that a check that stops being made fails even when the lesson
/// still passes. Lessons under `pass/` must pass and lessons under `fail/` must fail.
///
/// To accept new reports after an intended change: `LESSON_RECORD_GOLDENS=1 swift test --filter FixtureTests`
/// (which fails, having recorded), then review the diff of the `.expected` files and run again without it.
final class FixtureTests: XCTestCase {
    /// The goldens are the reader's build: recorded with `--strategy isolated` for every fixture, and checked
    /// so for the fixtures that probe what merging may change (`merge/`, `listings/`, `books/`); every other
    /// fixture's golden is checked by the merged strategy below, whose reports must be the same bytes.
    func testEveryFixtureReportMatchesItsGoldenFile() throws {
        try checkFixtures(
            strategy: .isolated, record: GoldenFile.recording,
            under: GoldenFile.recording ? ["Fixtures"] : ["Fixtures/merge", "Fixtures/listings", "Fixtures/books"])
    }

    /// The fast path changes no finding: the merged strategy gives byte for byte the reports of the isolated
    /// one, whose reports the goldens hold, from an empty cache. Merged programs that compile only their
    /// scenarios and link the engine objects that check kept give the same reports: the results are then
    /// removed from the cache (the objects stay), and the fixtures are checked again.
    func testMergedStrategyGivesTheGoldenReportsAndSoDoProgramsLinkedWithKeptEngineObjects() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        try checkFixtures(strategy: .merged, record: false, cacheDirectory: cache)
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache + "/objects").filter { !$0.hasPrefix(".") }
        XCTAssertGreaterThanOrEqual(kept.count, 5)
        try FileManager.default.removeItem(atPath: cache + "/" + ResultCache.layout)
        try checkFixtures(
            strategy: .merged, record: false, cacheDirectory: cache,
            under: ["Fixtures/check/pass"])
    }

    private func checkFixtures(
        strategy: CheckOptions.Strategy, record: Bool, cacheDirectory: String? = nil,
        under folders: [String] = ["Fixtures"]
    ) throws {
        TestSupport.enterPackageRoot()
        // The platform course is a course of its own, checked from its folder (`PlatformPackTests`).
        let files = try folders.flatMap { try TestSupport.markdownFiles(under: $0) }.filter {
            !$0.hasSuffix("README.md") && !$0.hasPrefix("Fixtures/platform-course/")
        }
        XCTAssertGreaterThanOrEqual(files.count, 8)
        var options = TestSupport.fixtureOptions
        options.strategy = strategy
        options.cacheDirectory = cacheDirectory
        let checker = LessonChecker(
            options: options, toolchain: try TestSupport.toolchain(), catalog: try TestSupport.fixtureCatalog())
        let report = checker.check(files: files)
        for lesson in report.lessons {
            let text = GoldenFile.fixtureText(of: lesson)
            let golden = (lesson.path as NSString).deletingPathExtension + ".expected"
            if record {
                try GoldenFile.record(text, golden: golden)
                continue
            }
            let expected = try String(contentsOfFile: golden, encoding: .utf8)
            XCTAssertEqual(text, expected, "\(strategy) report of \(lesson.path) differs from \(golden)")
            if lesson.path.contains("/pass/") {
                XCTAssertFalse(lesson.failed, "\(lesson.path) must pass")
            } else if lesson.path.contains("/fail/") {
                XCTAssertTrue(lesson.failed, "\(lesson.path) must fail")
            }
        }
    }
}
