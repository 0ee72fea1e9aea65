import XCTest

@testable import LessonKit

/// Scenarios whose objects are released, or never: at the top level a scenario's variables are globals, and
/// a merged scenario that uses lifetimes (in its code or its engine's) ends its process at its function's
/// end. And a book listing's moved type, whose qualified name is no answer.
final class LifetimesMergeTests: XCTestCase {
    /// `deinit`, `weak` and `unowned`, in the scenario or its engine, merge the scenario with its process
    /// ended at the end of its function; a `defer` of the function's own, which would then not run, builds
    /// the scenario alone. The fixture's report is the golden one (`FixtureTests`).
    func testScenariosThatReleaseObjectsAreMergedWithAnExitAtTheirEnd() throws {
        let engine = ["final class A {\n    deinit { print(1) }\n}\n"]
        let decide = { (scenario: String, engine: [String]) in
            MergePolicy.scenario(scenario, engine: engine, languageMode: .swift5)
        }
        XCTAssertEqual(decide("let a = A()\n", engine), .wrapped(MergePolicy.Wrapping(exitsAtEnd: true)))
        XCTAssertEqual(
            decide("weak var held: AnyObject? = nil\nprint(held == nil)\n", []),
            .wrapped(MergePolicy.Wrapping(exitsAtEnd: true)))
        XCTAssertEqual(decide("let a = A()\ndefer { print(2) }\n", engine), .module(.usesWord("defer")))
        XCTAssertEqual(decide("defer { print(2) }\n", []), .wrapped(MergePolicy.Wrapping()))

        // The fixture's four scenarios each declare a class, which builds them alone: each is compiled as the
        // reader's `main.swift`, and the four are linked into one program.
        TestSupport.enterPackageRoot()
        let (report, counts) = try TestSupport.checkCounting(["Fixtures/merge/lifetimes.md"])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 4, failed: 0, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 1)
    }

    /// An engine whose class prints from its `deinit` sees no scenario object go at the scenario's end, as
    /// at the top level: merged scenarios exit at their end, and one with a `defer` is built alone. The
    /// fixture's three scenarios take two programs, and its report is the golden one (`FixtureTests`).
    func testAnEngineDeinitSeesNoObjectGoAtAMergedScenariosEnd() throws {
        TestSupport.enterPackageRoot()
        let (report, counts) = try TestSupport.checkCounting(["Fixtures/merge/engine-deinit.md"])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 2)
    }

    /// What the runtime prints in the qualified name of a `fileprivate` type, on either stream, sends the
    /// scenario to be built alone; a module-qualified name does not.
    func testAQualifiedNameOfAMovedTypeIsNoAnswer() {
        func run(_ output: String, _ error: String = "") -> ProcessResult {
            ProcessResult(
                termination: .exited(0), standardOutput: Array(output.utf8), standardError: Array(error.utf8),
                seconds: 0)
        }
        XCTAssertTrue(Executor.revealsMergedContext(run("main.(unknown context at $55d0c1a2b3c4).Knight\n")))
        XCTAssertTrue(Executor.revealsMergedContext(run("", "▿ main.(unknown context at $1).A\n")))
        XCTAssertFalse(Executor.revealsMergedContext(run("main.Knight\n(unknown context)\n_LessonScope\n")))
    }
}
