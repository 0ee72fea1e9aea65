import Foundation
import XCTest

@testable import LessonKit

/// Checking and grading judge a program the same way, and name the limit that stopped a build.
final class JudgingTests: XCTestCase {
    private let root = TestSupport.packageRoot

    /// A `should_trap` scenario that ends normally fails in grading as it does in `lesson check`.
    func testGradingJudgesShouldTrapAsCheckingDoes() throws {
        let plan = LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/trap-exercise.md"))
        let exercise = try Exercise.find("must-trap", in: plan)
        let grader = Grader(toolchain: try TestSupport.toolchain(), options: TestSupport.fixtureGradingOptions)
        func grade(_ name: String) throws -> GradeResult {
            let path = root + "/Fixtures/grading/submissions/must-trap/\(name)/main.swift"
            return try grader.grade(exercise, submission: String(contentsOfFile: path, encoding: .utf8))
        }
        let traps = try grade("traps")
        XCTAssertEqual([traps.score, traps.maxScore], [1, 1], traps.tests.map(\.message).joined())
        let exits = try grade("exits")
        XCTAssertEqual(exits.status, .fail)
        XCTAssertEqual(
            exits.tests.map(\.message),
            ["your program should have trapped, but it exited with status 0\noutput before it stopped:\nchecking"])
    }

    /// A build that runs out of time names the build's limit, not the run's.
    func testABuildTimeoutNamesTheBuildLimit() throws {
        let result = try TestSupport.runLesson([
            "check", "--no-cache", "--color", "never", "--timeout", "7", "--build-timeout", "0.01",
            "Fixtures/check/fail/wrong-output.md",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardOutput,
            "Fixtures/check/fail/wrong-output.md:16: error: the build did not finish within 0.01 s\n0 passed, 1 failed\n"
        )
        let grade = GradeEvaluation(
            feedback: Feedback(lessonLanguage: "en"), studentFile: nil,
            limits: ProcessLimits(timeout: 7, outputLimit: 1),
            buildTimeout: 45)
        let build = CompileResult(succeeded: false, diagnostics: [], output: "", seconds: 45, timedOut: true)
        let verdict = grade.judge.verdict(ScenarioExecution(build: build, run: nil), .builtOnly)
        XCTAssertEqual(
            grade.buildMessage(verdict, hidden: false, test: nil), "building your code stopped: build time limit 45 s")
    }

    /// The judge names the limit that stopped a program: its own, or a budget that cut it short first.
    func testTheJudgeNamesTheTimeLimitThatStoppedAProgram() {
        let judge = Judge(limits: ProcessLimits(timeout: 7, outputLimit: 1), buildTimeout: 45, budget: 20)
        let built = CompileResult(succeeded: true, diagnostics: [], output: "", seconds: 1, timedOut: false)
        func limit(runFor seconds: Double) -> TimeLimit? {
            let run = ProcessResult(termination: .timedOut, standardOutput: [], standardError: [], seconds: seconds)
            guard case .timedOut(let limit, _) = judge.verdict(ScenarioExecution(build: built, run: run), .builtOnly)
            else { return nil }
            return limit
        }
        XCTAssertEqual(limit(runFor: 7.01), .own(seconds: 7))
        XCTAssertEqual(limit(runFor: 2), .budget(seconds: 20))
        let slowBuild = CompileResult(succeeded: false, diagnostics: [], output: "", seconds: 45, timedOut: true)
        guard
            case .buildTimedOut(let buildLimit) = judge.verdict(
                ScenarioExecution(build: slowBuild, run: nil), .builtOnly)
        else { return XCTFail("a build that ran out of time is judged so") }
        XCTAssertEqual(buildLimit, .own(seconds: 45))
    }

    /// A book's test is judged once, by the judge: its lines without their trailing spaces, and the runtime
    /// error it expects met by a trap or any other signal; a lesson's scenario keeps both strict.
    func testABookTestIsJudgedWithoutTrailingSpacesAndAnySignalAsItsTrap() {
        let judge = Judge(limits: ProcessLimits(timeout: 7, outputLimit: 1 << 10), buildTimeout: 45)
        let built = CompileResult(succeeded: true, diagnostics: [], output: "", seconds: 1, timedOut: false)
        func verdict(_ termination: Termination, printed: String, expected: [String], book: Bool, trap: Bool)
            -> String
        {
            let run = ProcessResult(
                termination: termination, standardOutput: Array(printed.utf8), standardError: [], seconds: 0.1)
            let expectation = Expectation(
                expectedLines: expected, numbering: .lines([10, 11], last: 12), outputOptions: OutputOptions(),
                shouldTrap: trap, compileFail: false, isBookTest: book)
            switch judge.verdict(ScenarioExecution(build: built, run: run), expectation) {
            case .passed: return "passed"
            case .outputDiffers(let mismatch, let printed): return "differs at \(mismatch.firstDifference): \(printed)"
            case .crashed(let signal, _): return "crashed \(signal)"
            default: return "other"
            }
        }
        XCTAssertEqual(
            verdict(.exited(0), printed: "a  \nb\n", expected: ["a", "b "], book: true, trap: false), "passed")
        XCTAssertEqual(
            verdict(.exited(0), printed: "a  \nc\n", expected: ["a", "b "], book: true, trap: false),
            "differs at 1: [\"a\", \"c\"]")
        XCTAssertEqual(
            verdict(.exited(0), printed: "a  \nb\n", expected: ["a", "b"], book: false, trap: false),
            "differs at 0: [\"a  \", \"b\"]")
        XCTAssertEqual(verdict(.signaled(SIGSEGV), printed: "a\n", expected: ["a"], book: true, trap: true), "passed")
        XCTAssertEqual(
            verdict(.signaled(SIGSEGV), printed: "a\n", expected: ["a"], book: false, trap: true), "crashed \(SIGSEGV)")
    }

    /// A test's diff is cut at 12 lines, and says how many more there were.
    func testACutDiffSaysHowManyLinesWereLeftOut() {
        let evaluation = GradeEvaluation(
            feedback: Feedback(lessonLanguage: "en"), studentFile: nil,
            limits: ProcessLimits(timeout: 1, outputLimit: 1),
            buildTimeout: 60)
        let diff =
            [DiffLine.hunk(old: 3, oldCount: 11, new: 3, newCount: 11)] + (1...10).map { .removed("expected \($0)") }
            + (1...10).map { .inserted("actual \($0)") }
        let lines = ["@@ -3,11 +3,11 @@"] + (1...10).map { "-expected \($0)" } + (1...10).map { "+actual \($0)" }
        XCTAssertEqual(
            evaluation.shortDiff(diff).split(separator: "\n").map(String.init),
            Array(lines.prefix(12)) + ["(9 more lines of the difference not shown)"])
        XCTAssertEqual(evaluation.shortDiff(Array(diff.prefix(5))), lines.prefix(5).joined(separator: "\n"))
    }

    /// A hidden test that crashes says only that it crashed: its signal could carry what it read. A visible
    /// one names its signal.
    func testAHiddenCrashNamesNoSignal() throws {
        let plan = LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/engine-exercise.md"))
        let scenario = try XCTUnwrap(Grader.gradable(plan).first)
        let evaluation = GradeEvaluation(
            feedback: Feedback(lessonLanguage: "en"), studentFile: "Sync.swift",
            limits: ProcessLimits(timeout: 5, outputLimit: 1 << 20), buildTimeout: 60)
        let build = CompileResult(succeeded: true, diagnostics: [], output: "", seconds: 0, timedOut: false)
        let crash = ProcessResult(termination: .signaled(SIGSEGV), standardOutput: [], standardError: [], seconds: 0)
        func outcome(hidden: Bool) -> TestOutcome {
            let test = Grader.GradingTest(
                name: "t", scenario: scenario, sourcePath: "lesson.md", expectedLines: scenario.expectedLines,
                hidden: hidden, testCode: nil)
            return evaluation.evaluate(test, ScenarioExecution(build: build, run: crash))
        }
        // A hidden test says one fixed message; the instructor's report keeps a reason without the signal.
        XCTAssertEqual(outcome(hidden: true).message, "hidden test failed (a hidden test says only whether it passed)")
        XCTAssertEqual(outcome(hidden: true).reason, "your program crashed")
        XCTAssertEqual(outcome(hidden: true).failure, .crash)
        XCTAssertEqual(
            outcome(hidden: false).message,
            "Your program stopped before it printed everything: 0 of the 6 expected lines came out.\n"
                + "your program crashed (SIGSEGV)")
        XCTAssertEqual(outcome(hidden: false).explanation, .stoppedEarly)
    }

    /// A compiler that runs out of its address space is named as stopped by the memory limit.
    func testACompilerOutOfMemoryNamesTheLimit() throws {
        try XCTSkipUnless(SwiftCompiler.prlimit != nil, "needs util-linux's prlimit")
        let directory = try WorkDirectory.create(prefix: "lesson-test")
        defer { directory.remove() }
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60, memoryLimit: 64 << 20)
        let result = try compiler.build(
            [ProgramFile(name: "main.swift", contents: "print(1)\n")], languageMode: .swift5, in: directory.path,
            output: "program")
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.stoppedBy, .memory(bytes: 64 << 20), result.output)
    }
}
