import Foundation
import XCTest

@testable import LessonKit

/// `--shard` and `lesson merge` end to end: the shards of a run cover every check once, and their merge is
/// the unsharded report, byte for byte apart from durations, with the same exit status.
final class ShardedRunTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `check --shard i/count` for every shard, each writing its JSON report; returns the report paths.
    /// Checks the shards at once, as a CI matrix runs them on machines of their own.
    private func checkInShards(_ count: Int, _ arguments: [String]) throws -> [String] {
        let paths = (1...count).map { folder + "/shard-\($0).json" }
        let results = try TestSupport.atOnce(Array(1...count), jobs: count) { index in
            try TestSupport.runLesson(
                ["check", "--shard", "\(index)/\(count)", "--format", "json", "--output", paths[index - 1]]
                    + arguments)
        }
        for result in results {
            XCTAssertLessThan(result.status, 2, result.standardError)
            XCTAssertEqual(result.standardOutput, "")
        }
        return paths
    }

    /// Durations and times say how long this run took: the one part that differs between runs.
    private func withoutDurations(_ text: String) -> String {
        var result = text
        // The HTML page's slowest checks, and each lesson's seconds.
        for pattern in [
            #""duration" : [0-9.e-]+"#, #"time="[0-9.]+""#, #"(?s)<h2>Timings</h2>.*?</table>"#,
            #"<td>[0-9]+\.[0-9]{2}</td>"#,
        ] {
            result = result.replacingOccurrences(of: pattern, with: "TIME", options: .regularExpression)
        }
        return result
    }

    private func checks(inReport path: String) throws -> [String] {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let report = try JSONReportReader.read(data, name: path)
        return report.lessons.flatMap { lesson in lesson.checks.map { "\(lesson.path):\($0.location.line) \($0.kind)" }
        }
    }

    func testThreeShardsOfTheCourseCoverEveryCheckOnceAndMergeToTheUnshardedReport() throws {
        let flags = ["--color", "never", "Lessons"]
        let shards = try checkInShards(3, flags)
        let perShard = try shards.map(checks(inReport:))
        XCTAssertTrue(perShard.allSatisfy { !$0.isEmpty }, "a shard of 11 lessons is empty: \(perShard)")
        let unshardedJSON = try TestSupport.runLesson(["check", "--format", "json"] + flags)
        try Data(unshardedJSON.standardOutput.utf8).write(to: URL(fileURLWithPath: folder + "/whole.json"))
        let all = try checks(inReport: folder + "/whole.json")
        XCTAssertEqual(all.count, 49, "47 checks of the lessons, and 2 reference solutions")
        XCTAssertEqual(perShard.flatMap { $0 }.sorted(), all.sorted(), "every check in exactly one shard")

        for format in ["text", "json", "junit", "github", "html"] {
            let unsharded = try TestSupport.runLesson(["check", "--format", format] + flags)
            let merged = try TestSupport.runLesson(["merge", "--format", format, "--color", "never"] + shards)
            XCTAssertEqual(merged.status, unsharded.status, format)
            XCTAssertEqual(withoutDurations(merged.standardOutput), withoutDurations(unsharded.standardOutput), format)
            XCTAssertEqual(merged.standardError, unsharded.standardError, format)
        }
    }

    func testFailingLessonsMergeToTheUnshardedReportAndExitOne() throws {
        // Wrong output, build errors, an engine that does not build (its finding shared by its scenarios),
        // traps, timeouts, reading findings.
        let flags = TestSupport.fixtureFlags + ["Fixtures/check/fail", "Fixtures/attributes/fail"]
        let shards = try checkInShards(3, flags)
        // The text and JSON checks of the whole at once: their timeouts wait side by side.
        let whole = try TestSupport.atOnce([["check"] + flags, ["check", "--format", "json"] + flags], jobs: 2) {
            try TestSupport.runLesson($0)
        }
        let (unsharded, unshardedJSON) = (whole[0], whole[1])
        XCTAssertEqual(unsharded.status, 1)
        let merged = try TestSupport.runLesson(["merge", "--color", "never"] + shards)
        XCTAssertEqual(merged.status, 1)
        XCTAssertEqual(merged.standardOutput, unsharded.standardOutput)
        let mergedJSON = try TestSupport.runLesson(["merge", "--format", "json"] + shards)
        XCTAssertEqual(withoutDurations(mergedJSON.standardOutput), withoutDurations(unshardedJSON.standardOutput))
    }

    func testDriftIsJudgedAgainstTheWholeCourseAndReportedByOneShard() throws {
        // Three lessons reprint one engine file; the third differs from the two others. Whichever shard
        // holds it reports the drift, though the lessons it is compared with are in other shards.
        let flags = TestSupport.fixtureFlags + ["Fixtures/engines/course"]
        let shards = try checkInShards(3, flags)
        var drifts: [String] = []
        for path in shards {
            let report = try JSONReportReader.read(
                try XCTUnwrap(FileManager.default.contents(atPath: path)), name: path)
            drifts += report.findings.filter { $0.kind == .drift }.map(\.location.description)
        }
        let unsharded = try TestSupport.runLesson(["check", "--format", "json"] + flags)
        let whole = try JSONReportReader.read(Data(unsharded.standardOutput.utf8), name: "whole")
        let expected = whole.findings.filter { $0.kind == .drift }.map(\.location.description)
        XCTAssertEqual(expected.count, 1)
        XCTAssertEqual(drifts, expected)
        let merged = try TestSupport.runLesson(["merge", "--color", "never"] + shards)
        XCTAssertEqual(merged.standardOutput, try TestSupport.runLesson(["check"] + flags).standardOutput)
    }

    func testDurationsFromAnEarlierReportStillCoverEveryCheckOnce() throws {
        let earlier = folder + "/earlier.json"
        let whole = try TestSupport.runLesson(["check", "--format", "json", "--output", earlier, "Lessons"])
        XCTAssertEqual(whole.status, 0, whole.standardError)
        let shards = try checkInShards(2, ["--durations", earlier, "Lessons"])
        let perShard = try shards.map(checks(inReport:))
        XCTAssertEqual(perShard.flatMap { $0 }.sorted(), try checks(inReport: earlier).sorted())
        let merged = try TestSupport.runLesson(["merge", "--format", "json"] + shards)
        let original = try String(contentsOfFile: earlier, encoding: .utf8)
        XCTAssertEqual(withoutDurations(merged.standardOutput), withoutDurations(original))
    }

    func testMergeRefusesAMissingShardATwiceGivenShardAndAnUnshardedReport() throws {
        let shards = try checkInShards(3, ["Fixtures/engines/course"])
        let missing = try TestSupport.runLesson(["merge", shards[0], shards[2]])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(
            missing.standardError,
            "error: no report for shard 2/3: every shard of the run is needed\nrun 'lesson --help' for usage\n")
        let twice = try TestSupport.runLesson(["merge", shards[0], shards[1], shards[2], shards[1]])
        XCTAssertEqual(
            twice.standardError,
            "error: \(shards[1]) and \(shards[1]) are both shard 2/3\nrun 'lesson --help' for usage\n")
        let whole = folder + "/whole.json"
        _ = try TestSupport.runLesson(["check", "--format", "json", "--output", whole, "Fixtures/engines/course"])
        let mixed = try TestSupport.runLesson(["merge", whole, shards[0]])
        XCTAssertEqual(
            mixed.standardError,
            "error: \(whole) is not the report of a shard (made without --shard); merge reads the JSON reports "
                + "of every shard of one run\nrun 'lesson --help' for usage\n")
        // A shard's report that holds no check of the lessons it was given (a job that died, a report written
        // empty) would merge its lessons as passed.
        var emptied = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: shards[1]))) as? [String: Any])
        emptied["checks"] = [Any]()
        emptied["totals"] = ["failed": 0, "passed": 0, "skipped": 0, "warnings": 0]
        let empty = folder + "/empty.json"
        try JSONSerialization.data(withJSONObject: emptied).write(to: URL(fileURLWithPath: empty))
        let lost = try TestSupport.runLesson(["merge", shards[0], empty, shards[2]])
        XCTAssertEqual(lost.status, 2)
        XCTAssertTrue(
            lost.standardError.hasPrefix("error: \(empty) (shard 2/3) holds no check of the "), lost.standardError)
    }

    func testCoverageShardsMeasureEachLessonOnce() throws {
        /// The lessons each engine line counts: `engine Sync: lines 100% (36/36), regions …, 6 lessons`.
        func lessonsMeasured(_ arguments: [String]) throws -> Int {
            let result = try TestSupport.runLesson(["coverage"] + arguments + ["Lessons"])
            XCTAssertEqual(result.status, 0, result.standardError)
            return result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("engine ") }.map { line in
                Int(line.split(separator: " ").dropLast().last ?? "") ?? 0
            }.reduce(0, +)
        }
        let whole = try lessonsMeasured([])
        XCTAssertEqual(whole, 11)
        XCTAssertEqual(try lessonsMeasured(["--shard", "1/2"]) + lessonsMeasured(["--shard", "2/2"]), whole)
    }

    func testShardUsageErrorsExitTwo() throws {
        let zero = try TestSupport.runLesson(["check", "--shard", "0/4", "Lessons"])
        XCTAssertEqual(zero.status, 2)
        XCTAssertEqual(
            zero.standardError,
            "error: --shard needs INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. 2/4: shards are counted from 1, so the "
                + "first of 4 is 1/4, not '0/4'\nrun 'lesson --help' for usage\n")
        let durations = try TestSupport.runLesson(["check", "--durations", "x.json", "Lessons"])
        XCTAssertEqual(durations.status, 2)
        XCTAssertEqual(durations.standardError, "error: --durations is for --shard\nrun 'lesson --help' for usage\n")
        let single = try TestSupport.runLesson([
            "grade", "--exercise", "sync-engine", "--submission", "x", "--shard", "1/2",
        ])
        XCTAssertEqual(single.status, 2)
        XCTAssertEqual(
            single.standardError, "error: --shard is for a class: --submissions DIR\nrun 'lesson --help' for usage\n")
    }

    func testThreeShardsOfAClassGradeEveryStudentOnceAndMergeToTheUnshardedSummary() throws {
        let shared = [
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--hidden",
            "Fixtures/grading/hidden/sync-engine.md", "--submissions", "Fixtures/grading/submissions/sync-engine",
            "--timeout", "3",
        ]
        let whole = try TestSupport.runLesson(shared + ["--output", folder + "/whole"])
        XCTAssertEqual(whole.status, 0, whole.standardError)
        var summaries: [String] = []
        var students: [String] = []
        for index in 1...3 {
            let output = folder + "/shard-\(index)"
            let result = try TestSupport.runLesson(shared + ["--output", output, "--shard", "\(index)/3"])
            XCTAssertEqual(result.status, 0, result.standardError)
            summaries.append(output + "/summary.csv")
            let rows = try String(contentsOfFile: output + "/summary.csv", encoding: .utf8).split(separator: "\n")
            students += rows.dropFirst().map { String($0.prefix { $0 != "," }) }
        }
        XCTAssertEqual(students.sorted(), ["correct", "hidden-only", "hidden-trap", "no-compile", "trap", "wrong"])
        let merged = try TestSupport.runLesson(["merge", "--output", folder + "/merged.csv"] + summaries)
        XCTAssertEqual(merged.status, 0)
        XCTAssertEqual(merged.standardError, "merged 3 summaries: 6 students\n")
        // The seconds column says how long this run took: the one part that differs between runs.
        func withoutSeconds(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
                of: #",[0-9]+\.[0-9]+\n"#, with: ",S\n", options: .regularExpression)
        }
        XCTAssertEqual(try withoutSeconds(folder + "/merged.csv"), try withoutSeconds(folder + "/whole/summary.csv"))
        XCTAssertEqual(
            try withoutSeconds(folder + "/merged.csv"),
            "student,score,max_score,status,seconds\ncorrect,5,5,pass,S\nhidden-only,4,5,fail,S\n"
                + "hidden-trap,4,5,fail,S\nno-compile,0,5,error,S\ntrap,3,5,fail,S\nwrong,4,5,fail,S\n")
        // The merged class page is the unsharded one, but for the times, the links, which point into the
        // shards' folders, and the similar submissions, which each shard compares among its own students.
        func page(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8)
                .replacingOccurrences(of: #"<td>[0-9]+\.[0-9]+</td>"#, with: "<td>S</td>", options: .regularExpression)
                .replacingOccurrences(
                    of: #"(?s)<section class="similarity">.*?</section>\n"#, with: "",
                    options: .regularExpression
                )
                .replacingOccurrences(of: #"href="[^"]*""#, with: "href", options: .regularExpression)
        }
        XCTAssertEqual(try page(folder + "/report.html"), try page(folder + "/whole/report.html"))
        let mergedPage = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        XCTAssertNotNil(
            mergedPage.range(of: #"<a href="shard-[123]/correct/results.json">"#, options: .regularExpression),
            mergedPage)
        let overlapping = try TestSupport.runLesson(["merge", summaries[0], folder + "/whole/summary.csv"])
        XCTAssertEqual(overlapping.status, 2)
        XCTAssertTrue(overlapping.standardError.hasSuffix(": the summaries overlap\nrun 'lesson --help' for usage\n"))
    }
}
