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
    /// the run started at its beginning (`FixtureCacheWarmUp`): where its JSON report gives the goldens, its
    /// objects are linked with. That check ran on the cores the tests left idle, where a scenario may meet its
    /// wall-clock limit for want of a core: where its report differs, and in a filtered run, the test checks the
    /// fixtures itself, and that check decides.
    func testMergedStrategyGivesTheGoldenReportsAndSoDoProgramsLinkedWithKeptEngineObjects() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        if let report = FixtureCacheWarmUp.filledReport(), try backgroundReportGivesTheGoldens(report) {
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
            if let verdict = Self.wrongVerdict(lesson) { XCTFail(verdict) }
        }
    }

    /// Whether the background check's report holds every fixture and gives every golden byte for byte, each
    /// verdict as its folder says, and each exercise's reference solution passed (`lesson check` runs them,
    /// `ReferenceSolutionTests` tries them; the goldens hold the lessons' own checks). What differs is printed.
    private func backgroundReportGivesTheGoldens(_ report: CheckReport) throws -> Bool {
        var differences: [String] = []
        if Set(report.lessons.map(\.path)) != Set(try fixtureFiles(under: ["Fixtures"])) {
            differences.append("not every fixture is in it")
        }
        for var lesson in report.lessons {
            let solutions = lesson.checks.filter { $0.kind == .solution }
            if solutions.contains(where: { $0.status != .passed }) {
                differences.append("a reference solution of \(lesson.path)")
            }
            lesson.checks.removeAll { $0.kind == .solution }
            let golden = (lesson.path as NSString).deletingPathExtension + ".expected"
            if GoldenFile.fixtureText(of: lesson) != (try? String(contentsOfFile: golden, encoding: .utf8)) {
                differences.append("the report of \(lesson.path)")
            }
            differences += Self.wrongVerdict(lesson).map { [$0] } ?? []
        }
        for difference in differences {
            print("\(FixtureCacheWarmUp.job.logPath): \(difference) differs; the fixtures are checked again here")
        }
        return differences.isEmpty
    }

    /// Why a lesson's verdict is wrong: one under `pass/` must pass, one under `fail/` fail.
    private static func wrongVerdict(_ lesson: LessonReport) -> String? {
        if lesson.path.contains("/pass/") && lesson.failed { return "\(lesson.path) must pass" }
        if lesson.path.contains("/fail/") && !lesson.failed { return "\(lesson.path) must fail" }
        return nil
    }
}
