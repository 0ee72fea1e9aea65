import Foundation
import XCTest

@testable import LessonKit

/// A listing whose program is how a later listing's program begins is checked within the later one's run:
/// which runs are shared, how a run is cut, and that a listing whose segment did not end is run on its own.
final class SharedRunsTests: XCTestCase {
    private func jobs(_ text: String) -> [ScenarioJob] {
        LessonPlanner.plan(Lesson(path: "book.md", bytes: Array(text.utf8))).listings.map { listing in
            ScenarioJob(
                engine: [], scenario: PlannedBlock(reading: listing.block),
                context: listing.context.map(PlannedBlock.init(reading:)),
                plan: BuildPlan(way: .wrapped(.init()), group: MergeGroup(engine: .content("book")), kind: .listing),
                markdownPath: "/book.md", languageMode: .swift5)
        }
    }

    /// Each run, as `job: rider@position …`.
    private func runs(_ jobs: [ScenarioJob]) -> [String] {
        SharedRuns(jobs).runs.map { run in
            "\(run.job):" + run.riders.map { " \($0.job)@\($0.position)" }.joined()
        }
    }

    func testAListingIsCheckedInTheLongestRunItsProgramBegins() {
        let book = """
            ```swift
            var total = 1
            print(total) // Prints "1"
            ```
            ```swift
            total += 1
            print(total) // Prints "2"
            ```
            ```swift
            total += 1
            print(total) // Prints "3"
            ```
            ```swift
            let other = 5
            print(other) // Prints "5"
            ```
            ```swift
            print(total + other) // Prints "8"
            ```
            """
        let planned = jobs(book)
        XCTAssertEqual(planned.map { $0.context.map(\.openingLine) }, [[], [1], [1, 5], [], [1, 5, 9, 13]])
        // The first three are how the last one's program begins: it runs them all. The fourth is in its
        // context too, but its own program does not begin with the first three.
        XCTAssertEqual(runs(planned), ["3:", "4: 0@0 1@1 2@2"])

        var apart = planned
        apart[4].plan.group = MergeGroup(engine: .content("another engine"))
        XCTAssertEqual(runs(apart), ["2: 0@0 1@1", "3:", "4:"], "runs are shared only within one group")
        var onlyBuilt = planned
        onlyBuilt[4].runs = false
        XCTAssertEqual(runs(onlyBuilt), ["2: 0@0 1@1", "3:", "4:"], "a program that is not run holds no segment")
        var scenarios = planned
        for index in scenarios.indices { scenarios[index].plan.kind = .scenario }
        XCTAssertEqual(runs(scenarios), ["0:", "1:", "2:", "3:", "4:"], "scenarios share no run")
    }

    func testTheProgramMarksEachSegmentAndItsOwnBeginning() throws {
        var job = jobs("```swift\nlet a = 1\n```\n```swift\nprint(a) // Prints \"1\"\n```\n")[0]
        job.context = [job.scenario!]
        job.segments = [0]
        let main = try XCTUnwrap(job.files.first { $0.name == "main.swift" }).contents
        XCTAssertEqual(
            main,
            """
            _lessonStartProgram()
            _lessonSilenceStandardOutput()
            _lessonBeginSegment(0)
            #sourceLocation(file: "/book.md", line: 5)
            print(a) // Prints "1"
            #sourceLocation()
            _lessonEndSegment(0)
            _lessonBeginSegment(-1)
            #sourceLocation(file: "/book.md", line: 5)
            print(a) // Prints "1"

            """)
    }

    func testARunIsCutIntoWhatEachProgramAlonePrints() throws {
        func bytes(_ parts: [Any]) -> [UInt8] {
            parts.flatMap { part -> [UInt8] in (part as? [UInt8]) ?? Array((part as! String).utf8) }
        }
        let stdout = bytes([
            SegmentMarker.begin(0), "one\n", SegmentMarker.end(0), SegmentMarker.begin(2), "two", SegmentMarker.end(2),
            SegmentMarker.begin(SegmentMarker.ownSegment), "own\n",
        ])
        let stderr = bytes(["warned\n", SegmentMarker.end(0), "later\n", SegmentMarker.end(2), "last\n"])
        let build = CompileResult(succeeded: true, diagnostics: [], output: "", seconds: 3, timedOut: false)
        let run = ProcessResult(termination: .signaled(4), standardOutput: stdout, standardError: stderr, seconds: 0.6)
        let split = SharedRuns.split(ScenarioExecution(build: build, run: run), positions: [0, 2])
        let riders = split.riders.map { try? XCTUnwrap($0?.run) }
        XCTAssertEqual(riders.map { $0.map { String(decoding: $0.standardOutput, as: UTF8.self) } }, ["one\n", "two"])
        XCTAssertEqual(
            riders.map { $0.map { String(decoding: $0.standardError, as: UTF8.self) } },
            ["warned\n", "warned\nlater\n"])
        XCTAssertEqual(riders.map(\.?.termination), [.exited(0), .exited(0)], "a segment that ended ran through")
        XCTAssertEqual(String(decoding: split.own.run!.standardOutput, as: UTF8.self), "own\n")
        XCTAssertEqual(String(decoding: split.own.run!.standardError, as: UTF8.self), "warned\nlater\nlast\n")
        XCTAssertEqual(split.own.run?.termination, .signaled(4))
        XCTAssertEqual(split.own.build?.seconds, 1, "one build for three programs")
        XCTAssertEqual(split.riders[1]?.run?.seconds ?? 0, 0.2, accuracy: 1e-9)

        // A trap inside the second segment: the first ended, the second did not.
        let trapped = ProcessResult(
            termination: .signaled(4),
            standardOutput: bytes([SegmentMarker.begin(0), "one\n", SegmentMarker.end(0), SegmentMarker.begin(2), "tw"]
            ),
            standardError: bytes([SegmentMarker.end(0), "Fatal error\n"]), seconds: 0.3)
        let cut = SharedRuns.split(ScenarioExecution(build: build, run: trapped), positions: [0, 2])
        XCTAssertNotNil(cut.riders[0])
        XCTAssertNil(cut.riders[1])
        XCTAssertEqual(cut.own.run?.standardOutput, [], "the run never reached its own listing")
        XCTAssertEqual(String(decoding: cut.own.run!.standardError, as: UTF8.self), "Fatal error\n")
        // A build that failed gives no segment.
        let failed = CompileResult(succeeded: false, diagnostics: [], output: "", seconds: 3, timedOut: false)
        XCTAssertEqual(
            SharedRuns.split(ScenarioExecution(build: failed, run: nil), positions: [0, 2]).riders.map { $0 == nil },
            [true, true])
    }

    /// The fixture's three listings share one run: the first is judged on its segment, the second traps in
    /// its segment and is run again on its own, where it traps too. The isolated strategy, which shares
    /// nothing, gives the same report.
    func testAListingWhoseSegmentDidNotEndIsRunOnItsOwn() throws {
        TestSupport.enterPackageRoot()
        let path = "Fixtures/listings/fail/trap-in-shared-run.md"
        let merged = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", path])
        let isolated = try TestSupport.runLesson([
            "check", "--no-cache", "--color", "never", "--strategy", "isolated", path,
        ])
        XCTAssertEqual(merged.status, 1)
        XCTAssertEqual(merged.standardOutput, isolated.standardOutput)
        XCTAssertEqual(
            merged.standardOutput.split(separator: "\n").filter { $0.hasPrefix(path) }.map(String.init),
            [
                path + ":9: error: comment 1 of 1 states a line the listing does not print",
                path + ":15: note: not run: it or the listings it is built after (after lines 6-10) did not run "
                    + "through: the scenario trapped: Fatal error: Index out of range",
                path + ":21: note: not run: it or the listings it is built after (after lines 6-10, 15-19) did not "
                    + "run through: the scenario trapped: Fatal error: Index out of range",
            ])
    }
}
