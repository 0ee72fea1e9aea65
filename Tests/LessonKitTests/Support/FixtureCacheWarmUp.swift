import CoursePackageSupport
import Foundation

@testable import LessonKit

/// The check of every fixture together that fills the cache `FixtureExitStatusTests` shares between its
/// checks of each fixture alone, run as a `BackgroundJob` of a whole `swift test`'s XCTest run, on the cores
/// that run leaves idle: Swift Testing runs that suite afterwards and finds the cache filled, with the
/// check's exit status, where it would otherwise fill it beside the other suites. It is the merged
/// strategy's check of every fixture from an empty cache, so its JSON report is what `FixtureTests` compares
/// with the goldens, and its kept engine objects what it links with. A filtered run starts none, and each
/// test makes its own check.
enum FixtureCacheWarmUp {
    static let folder = TestSupport.packageRoot + "/.build/fixture-cache"
    static var job: BackgroundJob { BackgroundJob(folder: folder, name: "fixture-cache") }
    /// The cache the check fills.
    static var cache: String { folder + "/cache" }
    /// Where the check's exit status is written when it ends, after the `swift test` run it is of.
    private static var statusPath: String { folder + "/status" }
    /// The check's report (`--format json`).
    private static var reportPath: String { folder + "/report.json" }

    /// Starts the check once, in the XCTest run of a whole `swift test`.
    static func startIfWholeRun() {
        job.startOnceInWholeRun {
            guard let paths = try? FixtureExitStatusTests.paths() else { return false }
            try? FileManager.default.removeItem(atPath: folder)
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
            else { return false }
            let check =
                [
                    TestSupport.lessonExecutable, "check", "--cache-dir", cache, "--format", "json", "--output",
                    reportPath,
                ]
                + TestSupport.fixtureFlags + paths
            // The status file names the run: one an earlier run left is not this run's.
            let script = "status=$1; shift; \"$@\"; echo \"$SWIFT_TEST_PID $?\" > \"$status\""
            job.start(["sh", "-c", script, "check", statusPath] + check, in: TestSupport.packageRoot)
            return true
        }
    }

    /// The exit status of the check that filled `cache` in this `swift test` run, once it has ended; nil when
    /// none ran in it or it did not end by itself.
    static func filledCache() -> Int32? {
        guard job.waitUntilDone(), let text = try? String(contentsOfFile: statusPath, encoding: .utf8) else {
            return nil
        }
        let words = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard words.count == 2, words[0] == String(getppid()), FileManager.default.fileExists(atPath: cache) else {
            return nil
        }
        return Int32(words[1])
    }

    /// The report of the check that filled `cache` in this `swift test` run, once it has ended; nil when none
    /// ran in it, it did not end by itself, or its report cannot be read.
    static func filledReport() -> CheckReport? {
        guard filledCache() != nil, let data = FileManager.default.contents(atPath: reportPath) else { return nil }
        return try? JSONReportReader.read(data, name: reportPath)
    }

    /// Removes the cache, the status and the job's files.
    static func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
