import Foundation
import XCTest

@testable import LessonKit

/// Each lesson of `Fixtures/coverage` measured alone, its text coverage report (what `lesson coverage`
/// prints: line and region percentages per engine, every unreached region) compared byte for byte with the
/// golden file beside it, `name.coverage`.
///
/// To accept new reports after an intended change: `LESSON_RECORD_GOLDENS=1 swift test --filter
/// CoverageGoldenTests` (which fails, having recorded), then review the diff and run again without it.
final class CoverageGoldenTests: XCTestCase {
    func testEachCoverageFixtureReportMatchesItsGoldenFile() throws {
        TestSupport.enterPackageRoot()
        let files = try TestSupport.markdownFiles(under: "Fixtures/coverage")
        XCTAssertEqual(files.count, 4)
        // Named relative to the package root, as `lesson coverage --engines Fixtures/engines/extra` names it.
        let catalog = try EngineCatalog.builtIn.adding(directory: "Fixtures/engines/extra")
        let runner = CoverageRunner(
            options: TestSupport.fixtureOptions.execution, toolchain: try TestSupport.toolchain(), catalog: catalog)
        for file in files {
            let report = try runner.measure(files: [file], byLesson: false)
            try GoldenFile.assertMatches(
                report.text(byLesson: false), golden: String(file.dropLast(".md".count)) + ".coverage",
                "coverage report of \(file)")
        }
    }
}
