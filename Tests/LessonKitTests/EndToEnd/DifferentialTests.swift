import Foundation
import XCTest

@testable import LessonKit

/// The fast path against the reference, on lessons no one wrote: a sample of `Benchmarks/differential.py`'s
/// seeded lessons, nine of seed 7 (own `print`, `lazy`, property wrappers, `consume`, local types, lifetimes, `#fileID`,
/// Swift 6, …) checked with both strategies, every check's status, output and findings compared. The large
/// runs (three seeds of 300 lessons) are in `Benchmarks/README.md`.
final class DifferentialTests: XCTestCase {
    func testGeneratedLessonsGiveTheSameChecksMergedAndAlone() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw XCTSkip("python3 is not installed")
        }
        let result = try Subprocess.run(
            "/usr/bin/python3",
            arguments: [
                TestSupport.packageRoot + "/Benchmarks/differential.py", TestSupport.lessonExecutable, "--seed", "7",
                "--lessons", "9",
            ],
            environment: ProcessInfo.processInfo.environment, workingDirectory: TestSupport.packageRoot,
            limits: ProcessLimits(timeout: 600, outputLimit: 1 << 20))
        let output = String(decoding: result.standardOutput, as: UTF8.self)
        XCTAssertEqual(result.termination, .exited(0), output + String(decoding: result.standardError, as: UTF8.self))
        let last = try XCTUnwrap(output.split(separator: "\n").last)
        XCTAssertTrue(last.hasPrefix("checks: ") && last.hasSuffix(", differ: 0"), output)
        let checks = Int(last.dropFirst("checks: ".count).prefix { $0.isNumber }) ?? 0
        XCTAssertGreaterThanOrEqual(checks, 20, output)
    }

    /// A grading's tests share one program whatever they import: a test that imports a module is built alone.
    func testAGradingTestThatImportsIsBuiltAlone() throws {
        let block = try XCTUnwrap(
            LessonPlanner.plan(
                Lesson(path: "/t.md", bytes: Array("```swift\n// main.swift\nimport Foundation\nprint(1)\n```\n".utf8))
            ).scenarios.first
        ).block
        func plan(_ group: EngineIdentity) -> BuildPlan {
            MergePolicy.plan(forScenario: SwiftBlock.of(block.text), engine: [], group: group, languageMode: .swift5)
        }
        XCTAssertEqual(
            plan(.hiddenTests), BuildPlan(way: .alone(.usesWord("import")), group: MergeGroup(engine: .hiddenTests)))
        XCTAssertEqual(
            plan(.content("E")),
            BuildPlan(
                way: .wrapped(MergePolicy.Wrapping(imports: ["import Foundation"])),
                group: MergeGroup(engine: .content("E"), imports: ["import Foundation"])))
    }

    /// `--verify` fails a check whose merged result is not its result alone, at the check, naming both.
    func testVerificationFailsACheckWhoseResultsDiffer() {
        let location = SourceLocation(path: "l.md", line: 4)
        var merged = CheckResult(kind: .scenario, location: location, name: "s", status: .passed)
        merged.actualOutput = "3\n"
        var alone = merged
        alone.actualOutput = "3.0\n"
        alone.status = .failed
        let other = CheckResult(
            kind: .snippet, location: SourceLocation(path: "l.md", line: 9), name: "n", status: .passed)
        let report = StrategyVerification.verified(
            CheckReport(lessons: [LessonReport(path: "l.md", checks: [merged, other])]),
            against: CheckReport(lessons: [LessonReport(path: "l.md", checks: [alone, other])]))
        let checks = report.lessons[0].checks
        XCTAssertEqual(checks[0].status, .failed)
        XCTAssertEqual(checks[0].findings.map(\.kind), [.strategyMismatch])
        XCTAssertEqual(checks[0].findings[0].location, location)
        XCTAssertEqual(checks[0].findings[0].message, "the merged build's status is not the program's built alone")
        XCTAssertEqual(
            checks[0].findings[0].details,
            [
                "merged:", "  status: passed", "  output:", "    3", "built alone:", "  status: failed", "  output:",
                "    3.0",
            ])
        XCTAssertEqual(checks[1], other)
    }

    /// On the command line: the fixture whose scenarios mean otherwise at the top level verifies clean, and
    /// `lesson list` says why each of them is built alone.
    func testVerifyAndListOnTheReaderBuildFixture() throws {
        let path = "Fixtures/merge/reader-build.md"
        let verified = try TestSupport.runLesson(["check", "--no-cache", "--verify", "--format", "json", path])
        XCTAssertEqual(verified.status, 1, verified.standardError)
        XCTAssertFalse(verified.standardOutput.contains("strategy-mismatch"), verified.standardOutput)
        let listed = try TestSupport.runLesson(["list", path])
        let lines = listed.standardOutput.split(separator: "\n").filter { $0.contains("is built alone") }
        let expected = """
              scenario at line 33 is built alone: declares 'max', which its engine's code would find instead of \
            the standard library's
              scenario at line 44 is built alone, linked with others: declares a top-level function 'abs', which \
            overloads the standard library's or an import's at the top level
              scenario at line 54 is built alone, linked with others: uses 'lazy'
              scenario at line 64 is built alone, linked with others: uses 'consume'
              scenario at line 75 is built alone, linked with others: uses 'return'
              scenario at line 99 is built alone: declares 'print', which its engine's code would find instead \
            of the standard library's
              scenario at line 110 is built alone: uses 'typealias'
              scenario at line 120 is built alone, linked with others: uses '@AtMostTen'
            """
        XCTAssertEqual(lines, expected.split(separator: "\n"))
        let stats = try TestSupport.runLesson(["check", "--no-cache", "--stats", path])
        let reasons = stats.standardError.split(separator: "\n").drop { !$0.hasSuffix("built alone (MergePolicy):") }
        XCTAssertEqual(reasons.first, "  8 built alone (MergePolicy):", stats.standardError)
        XCTAssertTrue(reasons.contains("    1 uses 'lazy'"), stats.standardError)
        XCTAssertEqual(reasons.count, 9, stats.standardError)
        let usage = try TestSupport.runLesson(["check", "--verify", "--strategy", "isolated", path])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(
            usage.standardError.contains("--verify compares the merged strategy with --strategy isolated: give one"),
            usage.standardError)
    }
}
