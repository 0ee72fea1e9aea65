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
    /// scenarios and link the engine objects that check kept give the same reports: the fixtures are checked
    /// again with those objects alone in a cache (no results).
    ///
    /// In a whole `swift test`, the check from an empty cache is the one `lesson check` of every fixture that
    /// the run started at its beginning (`FixtureCacheWarmUp`): its JSON report is compared, and its objects
    /// linked with. Otherwise the test checks them itself.
    func testMergedStrategyGivesTheGoldenReportsAndSoDoProgramsLinkedWithKeptEngineObjects() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        if var report = FixtureCacheWarmUp.filledReport() {
            XCTAssertEqual(
                Set(report.lessons.map(\.path)), Set(try fixtureFiles(under: ["Fixtures"])),
                "the lessons of \(FixtureCacheWarmUp.job.logPath)")
            // `lesson check` also runs the exercises' reference solutions (`ReferenceSolutionTests`); the goldens
            // hold the lessons' own checks. Each solution passes.
            for index in report.lessons.indices {
                let solutions = report.lessons[index].checks.filter { $0.kind == .solution }
                for solution in solutions where solution.status != .passed {
                    XCTFail("\(solution.location.path):\(solution.location.line): \(solution.status.rawValue)")
                }
                report.lessons[index].checks.removeAll { $0.kind == .solution }
            }
            compare(report, strategy: .merged)
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: FixtureCacheWarmUp.cache + "/objects", toPath: cache + "/objects")
        } else {
            try checkFixtures(strategy: .merged, record: false, cacheDirectory: cache)
            try FileManager.default.removeItem(atPath: cache + "/" + ResultCache.layout)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache + "/objects").filter { !$0.hasPrefix(".") }
        XCTAssertGreaterThanOrEqual(kept.count, 5)
        try checkFixtures(
            strategy: .merged, record: false, cacheDirectory: cache,
            under: ["Fixtures/check/pass"])
    }

    private func checkFixtures(
        strategy: CheckOptions.Strategy, record: Bool, cacheDirectory: String? = nil,
        under folders: [String] = ["Fixtures"]
    ) throws {
        let files = try fixtureFiles(under: folders)
        XCTAssertGreaterThanOrEqual(files.count, 8)
        var options = TestSupport.fixtureOptions
        options.strategy = strategy
        options.cacheDirectory = cacheDirectory
        let checker = LessonChecker(
            options: options, toolchain: try TestSupport.toolchain(), catalog: try TestSupport.fixtureCatalog())
        let report = checker.check(files: files)
        if record {
            for lesson in report.lessons {
                try GoldenFile.record(
                    GoldenFile.fixtureText(of: lesson),
                    golden: (lesson.path as NSString).deletingPathExtension + ".expected")
            }
            return
        }
        compare(report, strategy: strategy)
    }

    /// The fixture lessons under `folders`, from the package root (which this enters). The platform course is
    /// a course of its own, checked from its folder (`PlatformPackTests`).
    private func fixtureFiles(under folders: [String]) throws -> [String] {
        TestSupport.enterPackageRoot()
        return try folders.flatMap { try TestSupport.markdownFiles(under: $0) }.filter {
            !$0.hasSuffix("README.md") && !$0.hasPrefix("Fixtures/platform-course/")
        }
    }

    /// Compares each lesson's report with its golden; lessons under `pass/` must pass, under `fail/` fail.
    private func compare(_ report: CheckReport, strategy: CheckOptions.Strategy) {
        for lesson in report.lessons {
            let text = GoldenFile.fixtureText(of: lesson)
            let golden = (lesson.path as NSString).deletingPathExtension + ".expected"
            let expected = (try? String(contentsOfFile: golden, encoding: .utf8)) ?? "(no golden file)"
            XCTAssertEqual(text, expected, "\(strategy) report of \(lesson.path) differs from \(golden)")
            if lesson.path.contains("/pass/") {
                XCTAssertFalse(lesson.failed, "\(lesson.path) must pass")
            } else if lesson.path.contains("/fail/") {
                XCTAssertTrue(lesson.failed, "\(lesson.path) must fail")
            }
        }
    }
}
