import CoursePackageSupport
import Foundation

@testable import LessonKit

/// The checks `FixtureExitStatusTests` makes, run as a `BackgroundJob` of a whole `swift test`'s XCTest run, on
/// the cores that run leaves idle: one check of every fixture together, which fills the cache they share, then
/// each fixture alone; Swift Testing runs that suite afterwards and finds their exit statuses. The check of
/// every fixture together is the merged strategy's from an empty cache, so its JSON report is also what
/// `FixtureTests` compares with the goldens, and its kept engine objects what it links with. A filtered run
/// starts none, and each test makes its own checks.
enum FixtureCacheWarmUp {
    static let folder = TestSupport.packageRoot + "/.build/fixture-cache"
    static var job: BackgroundJob { BackgroundJob(folder: folder, name: "fixture-cache") }
    /// The cache the check fills.
    static var cache: String { folder + "/cache" }
    /// Where the check's exit status is written when it ends, after the `swift test` run it is of.
    private static var statusPath: String { folder + "/status" }
    /// The check's report (`--format json`).
    private static var reportPath: String { folder + "/report.json" }
    /// The exit status of each fixture's check alone after it, a line each (`STATUS PATH`).
    private static var alonePath: String { folder + "/alone" }

    /// Starts the check once, in the XCTest run of a whole `swift test`.
    static func startIfWholeRun() {
        job.startOnceInWholeRun {
            guard let paths = try? FixtureExitStatusTests.paths() else { return false }
            try? FileManager.default.removeItem(atPath: folder)
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
            else { return false }
            // The status file names the run (`BackgroundJob.runIdentity`): what an earlier run left is not this
            // run's. Then each fixture alone, as `FixtureExitStatusTests` checks them: their statuses are
            // written once all are known.
            let script = """
                status=$1 alone=$2 lesson=$3 cache=$4 report=$5 run=$6; shift 6
                flags=(); while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done; shift
                "$lesson" check --cache-dir "$cache" --format json --output "$report" "${flags[@]}" "$@"
                echo "$run $?" > "$status"
                for path in "$@"; do
                    "$lesson" check --cache-dir "$cache" "${flags[@]}" "$path" >/dev/null 2>&1
                    echo "$? $path"
                done > "$alone.part" && mv "$alone.part" "$alone"
                """
            let arguments = [
                statusPath, alonePath, TestSupport.lessonExecutable, cache, reportPath, BackgroundJob.runIdentity,
            ]
            job.start(
                ["bash", "-c", script, "check"] + arguments + TestSupport.fixtureFlags + ["--"] + paths,
                in: TestSupport.packageRoot)
            return true
        }
    }

    /// The exit status of the check that filled `cache` in this `swift test` run, once the whole job has
    /// ended; nil when none ran in it or it did not end by itself.
    static func filledCache() -> Int32? {
        guard job.waitUntilDone() else { return nil }
        return togetherStatus()
    }

    /// The exit status the check of every fixture together wrote in this `swift test` run, if it has.
    private static func togetherStatus() -> Int32? {
        guard let text = try? String(contentsOfFile: statusPath, encoding: .utf8) else { return nil }
        let words = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard words.count == 2, words[0] == BackgroundJob.runIdentity, FileManager.default.fileExists(atPath: cache)
        else { return nil }
        return Int32(words[1])
    }

    /// The report of the check of every fixture together in this `swift test` run, once that check has ended
    /// (the job, promoted to an ordinary share of the cores, may still check the fixtures alone); nil when none
    /// ran in it, it did not end by itself, or its report cannot be read.
    static func filledReport() -> CheckReport? {
        guard job.isRunning || togetherStatus() != nil else { return nil }
        job.promote()
        while togetherStatus() == nil && job.isRunning { usleep(100_000) }
        guard togetherStatus() != nil, let data = FileManager.default.contents(atPath: reportPath) else { return nil }
        return try? JSONReportReader.read(data, name: reportPath)
    }

    /// The exit status of each fixture's check alone, by path, from the job of this `swift test` run once it has
    /// ended; nil when it did not check them all.
    static func aloneStatuses() -> [String: Int32]? {
        guard filledCache() != nil, let text = try? String(contentsOfFile: alonePath, encoding: .utf8) else {
            return nil
        }
        var statuses: [String: Int32] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " "), let status = Int32(line[..<space]) else { return nil }
            statuses[String(line[line.index(after: space)...])] = status
        }
        return statuses
    }

    /// Removes the cache, the status and the job's files.
    static func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
