import XCTest

@testable import LessonKit

/// Scenarios that declare types of their own are merged with those declarations moved to a file of their
/// own: which may be, how many programs a lesson of them takes, and the runs that are not their answer.
final class MovedDeclarationsTests: XCTestCase {
    private func movable(_ path: String) throws -> [Bool] {
        let plan = LessonPlanner.plan(Lesson.read(path: TestSupport.packageRoot + "/" + path))
        let engine = plan.engineFiles.map(\.block.text)
        return plan.scenarios.map {
            MergeEligibility.mayMoveScenarioDeclarations(scenario: $0.block.text, engineSources: engine)
        }
    }

    /// Types, protocols, typealiases and extensions of the scenario's own types move; an extension of
    /// another type (`Int`), an operator, an import, `deinit`, `async` do not.
    func testOnlyTheScenariosOwnDeclarationsMove() throws {
        // The fifth's type reads a top-level constant, the eighth's calls a top-level function (and imports).
        XCTAssertEqual(
            try movable("Fixtures/merge/moved-declarations.md"), [true, true, true, true, false, true, true, false])
        XCTAssertEqual(
            try movable("Fixtures/merge/declarations.md"), [true, false, false, false, false, false, true])
        let engine = ["final class Screen {}\nfunc verdict() -> String { \"\" }\n"]
        func moves(_ scenario: String) -> Bool {
            MergeEligibility.mayMoveScenarioDeclarations(scenario: scenario, engineSources: engine)
        }
        XCTAssertTrue(
            moves("struct Counter {\n    func next(_ n: Int) -> Int { return n + 1 }\n}\nprint(Counter().next(1))"))
        XCTAssertFalse(moves("struct A {}\nif A.self == A.self { return }\nprint(1)"), "a return that stays")
        XCTAssertFalse(moves("extension Screen {\n    func show() {}\n}"), "an engine type extended")
        XCTAssertFalse(moves("struct Screen {}\nprint(Screen())"), "an engine name declared again")
        XCTAssertFalse(moves("struct A {}\nextension Int: Equatable {}"), "a conformance of another type")
        XCTAssertFalse(moves("final class A {\n    weak var other: A?\n}"), "weak")
        XCTAssertFalse(moves("struct A {} ; print(A())"), "a declaration that shares its line")
        XCTAssertTrue(moves("struct A {\n    static func + (l: A, r: A) -> A { l }\n}\nprint(A() + A())"))
        XCTAssertFalse(moves("struct A {}\nfunc + (l: A, r: A) -> A { l }\nprint(A() + A())"), "a global operator")
        // What stays becomes local to a function, out of a moved type's sight.
        XCTAssertFalse(
            moves(
                "func round(_ v: Double) -> Double { v }\nstruct P {\n    var shown: Double { round(1.5) }\n}\nprint(P().shown)"
            ),
            "a function that stays, named in a moved type")
        XCTAssertFalse(
            moves("let limit = 3\nstruct P {\n    var n: Int { limit }\n}\nprint(P().n)"), "a constant that stays")
        XCTAssertTrue(
            moves("let total = 3\nstruct P {\n    var n = 1\n}\nprint(P().n, total)"),
            "what stays, named only by what stays")
    }

    /// Declarations an enum can hold nest in one of the scenario's own, in `main.swift`, and the code that
    /// stayed is its static method: no file more. An extension, or code that names `self` or `Self` (the
    /// enum, in its method), keeps a file of its own.
    func testAScenariosTypesNestInAnEnumOfItsOwnUnlessItExtendsOrNamesSelf() throws {
        XCTAssertTrue(MergeEligibility.mayNestScenarioDeclarations(scenario: "struct A {}\nprint(A())"))
        XCTAssertFalse(
            MergeEligibility.mayNestScenarioDeclarations(
                scenario: "struct A {}\nextension A {\n    var b: Int { 1 }\n}"))
        XCTAssertFalse(MergeEligibility.mayNestScenarioDeclarations(scenario: "struct A {}\nprint(Self.self)"))
        XCTAssertTrue(
            MergeEligibility.mayNestScenarioDeclarations(scenario: "struct A {\n    func me() -> A { self }\n}"))

        let text = "// main.swift — nests\nstruct Box {\n    let size: Int\n}\nprint(Box(size: 1))\n"
        let block = try XCTUnwrap(
            LessonPlanner.plan(Lesson(path: "/l.md", bytes: Array(("```swift\n" + text + "```\n").utf8))).scenarios
                .first
        ).block
        var body = ProgramBody(block: block)
        body.movesDeclarations = true
        body.nestsDeclarations = true
        let files = ProgramSource.mergedProgram(
            engine: [], programs: [(body, "/l.md")], inMain: true, native: true)
        XCTAssertEqual(files.map(\.name), ["_LessonSupportDeclarations.swift", "main.swift"])
        let main = try XCTUnwrap(files.last).contents
        XCTAssertTrue(main.hasPrefix("enum _LessonScope0 {\n#sourceLocation(file: \"/l.md\", line: 2)\n"), main)
        XCTAssertTrue(main.contains("\nfileprivate struct Box {\n"), main)
        XCTAssertTrue(main.contains("static func _lessonRun() {\n"), main)
        XCTAssertTrue(main.contains("func _lessonScenario0() { _LessonScope0._lessonRun() }\n"), main)
    }

    /// The fixture's eight scenarios take four programs: six merged, the scenario that prints its class's
    /// qualified name again alone, and alone from the start the two whose types name what stays at the top
    /// level (a constant, a function). The report is the golden one (`FixtureTests`).
    func testALessonOfDeclaringScenariosTakesFourProgramsNotEight() throws {
        TestSupport.enterPackageRoot()
        let (report, counts) = try TestSupport.checkCounting(
            ["Fixtures/merge/moved-declarations.md"], catalog: try TestSupport.fixtureCatalog())
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 7, failed: 1, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 4)
        XCTAssertEqual(counts.programs, 4)
        XCTAssertEqual(counts.scenariosRun, counts.scenarios)
    }

    /// `deinit`, `weak` and `unowned` are merged with the scenario's process ended at the end of its
    /// function; a `defer` of the function's own, which would then not run, builds the scenario alone. The
    /// fixture's four scenarios take two programs, and its report is the golden one (`FixtureTests`).
    func testScenariosThatReleaseObjectsAreMergedWithAnExitAtTheirEnd() throws {
        let merged = { MergeEligibility.mergedAnyway(scenario: $0, engineSources: []) }
        XCTAssertEqual(
            merged("final class A {\n    deinit { print(1) }\n}\nlet a = A()\n"),
            MergeEligibility.MergedAnyway(
                imports: [], movesDeclarations: true, nestsDeclarations: true, exitsAtEnd: true))
        XCTAssertEqual(
            merged("weak var held: AnyObject? = nil\nprint(held == nil)\n"),
            MergeEligibility.MergedAnyway(
                imports: [], movesDeclarations: false, nestsDeclarations: false, exitsAtEnd: true))
        XCTAssertNil(merged("final class A {\n    deinit {}\n}\nlet a = A()\ndefer { print(2) }\n"))
        XCTAssertNotNil(merged("final class A {\n    deinit {}\n    func f() { defer { print(2) } }\n}\n"))

        TestSupport.enterPackageRoot()
        let (report, counts) = try TestSupport.checkCounting(["Fixtures/merge/lifetimes.md"])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 4, failed: 0, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 2)
    }

    /// An engine whose class prints from its `deinit` sees no scenario object go at the scenario's end, as
    /// at the top level: merged scenarios exit at their end, and one with a `defer` is built alone. The
    /// fixture's three scenarios take two programs, and its report is the golden one (`FixtureTests`).
    func testAnEngineDeinitSeesNoObjectGoAtAMergedScenariosEnd() throws {
        TestSupport.enterPackageRoot()
        let (report, counts) = try TestSupport.checkCounting(["Fixtures/merge/engine-deinit.md"])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        XCTAssertEqual(counts.programsBuilt, 2)
        XCTAssertTrue(ScenarioJob.declaresDeinit(["final class A {\n    deinit {}\n}\n"]))
        XCTAssertFalse(ScenarioJob.declaresDeinit(["let deinitialized = true\n// deinit\n"]))
    }

    /// What the runtime prints in the qualified name of a `fileprivate` type, on either stream, sends the
    /// scenario to be built alone; a module-qualified name does not.
    func testAQualifiedNameOfAMovedTypeIsNoAnswer() {
        func run(_ output: String, _ error: String = "") -> ProcessResult {
            ProcessResult(
                termination: .exited(0), standardOutput: Array(output.utf8), standardError: Array(error.utf8),
                seconds: 0)
        }
        XCTAssertTrue(Executor.revealsMovedDeclarations(run("main.(unknown context at $55d0c1a2b3c4).Knight\n")))
        XCTAssertTrue(Executor.revealsMovedDeclarations(run("", "▿ main.(unknown context at $1).A\n")))
        XCTAssertTrue(Executor.revealsMovedDeclarations(run("main._LessonScope3.Knight\n")))
        XCTAssertFalse(Executor.revealsMovedDeclarations(run("main.Knight\n(unknown context)\n_LessonScope\n")))
    }
}
