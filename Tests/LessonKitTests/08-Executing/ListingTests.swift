import Foundation
import XCTest

@testable import LessonKit

/// A book's runnable listings: which snippets are listings, which earlier listings each is built after, and
/// how a failed merged build of many listings is split.
final class ListingTests: XCTestCase {
    private func plan(_ text: String) -> LessonPlan {
        LessonPlanner.plan(Lesson(path: "book.md", bytes: Array(text.utf8)))
    }

    /// Each listing's context, as the opening lines of the snippets it is built after.
    private func contexts(_ text: String) -> [Int: [Int]] {
        Dictionary(
            uniqueKeysWithValues: plan(text).listings.map { ($0.block.openingLine, $0.context.map(\.openingLine)) })
    }

    func testOnlySnippetsWithOutputCommentsOfALessonWithoutAnEngineAreListings() {
        let book = """
            ```swift
            let a = 1
            ```
            ```swift
            print(a) // Prints "1"
            ```
            ```swift ignore
            print(a) // Prints "1"
            ```
            """
        let planned = plan(book)
        XCTAssertEqual(planned.listings.map(\.block.openingLine), [4])
        XCTAssertEqual(planned.roles, [.snippet, .listing, .snippet])
        XCTAssertEqual(planned.snippets.count, 3, "a listing is parsed as a snippet too")
        // With an engine, the same snippets are snippets.
        XCTAssertEqual(plan("---\nengine: Sync\n---\n" + book).listings.count, 0)
        XCTAssertEqual(plan("```swift\n// Model.swift — engine\nlet m = 0\n```\n" + book).listings.count, 0)
    }

    /// The nearest earlier declaration of each name used, what it needs in turn, and every listing between
    /// that uses the name (the book's state changes from listing to listing).
    func testTheNearestDeclarationWinsAndStateChangesBetweenAreKept() {
        let book = """
            ```swift
            var score = 1
            ```
            ```swift
            var score = 10
            let bonus = 2
            ```
            ```swift
            score += bonus
            ```
            ```swift
            let unrelated = 3
            ```
            ```swift
            print(score) // Prints "12"
            ```
            """
        XCTAssertEqual(contexts(book), [14: [4, 8]])
        let listing = plan(book).listings[0]
        XCTAssertEqual(listing.rule, .names(["score"]))
        XCTAssertEqual(listing.contextDescription, "after lines 4-7, 8-10")
    }

    /// Names in string interpolations count; members after a `.` are found only among extensions' members;
    /// `@Wrapper` names the type `Wrapper`; an extension of a type comes with its declaration.
    func testInterpolationsExtensionsAndAttributes() {
        let book = """
            ```swift
            struct Point { var x = 1 }
            ```
            ```swift
            extension Point { var twice: Int { x * 2 } }
            ```
            ```swift
            extension Int { var squared: Int { self * self } }
            ```
            ```swift
            @propertyWrapper struct Clamped { var wrappedValue: Int }
            ```
            ```swift
            let p = Point()
            print("\\(p.twice)") // Prints "2"
            ```
            ```swift
            print(3.squared) // Prints "9"
            ```
            ```swift
            struct Box { @Clamped var size: Int }
            print(Box(size: Clamped(wrappedValue: 4)).size) // Prints "4"
            ```
            """
        XCTAssertEqual(contexts(book), [13: [1, 4], 17: [7], 20: [10]])
    }

    func testASnippetThatShowsAnErrorIsNeverBuiltBeforeAnother() {
        XCTAssertTrue(ListingContext.showsAnError(Self.block("total = \"ten\" // Error: a number is expected")))
        XCTAssertTrue(ListingContext.showsAnError(Self.block("let x = a! // this triggers a runtime error")))
        XCTAssertTrue(ListingContext.showsAnError(Self.block("case \"a\": // Invalid, the case has an empty body")))
        XCTAssertFalse(ListingContext.showsAnError(Self.block("try check() // an error was thrown")))
        XCTAssertFalse(ListingContext.showsAnError(Self.block("let s = \"// Error\"")))
        let book = """
            ```swift
            var total = 0
            ```
            ```swift
            total = "ten" // Error
            ```
            ```swift
            print(total) // Prints "0"
            ```
            """
        XCTAssertEqual(contexts(book), [7: [1]])
        // A snippet that throws at its top level would end the program there: never chosen either.
        let throwing = """
            ```swift
            enum Shortage: Error { case coins(Int) }
            func pay() throws { throw Shortage.coins(5) }
            ```
            ```swift
            throw Shortage.coins(5)
            ```
            ```swift
            do { try pay() } catch Shortage.coins(let n) { print(n) } catch {} // Prints "5"
            ```
            """
        XCTAssertEqual(contexts(throwing), [8: [1]])
        // As a listing, such a snippet still has its context.
        let listing = """
            ```swift
            enum Shortage: Error { case coins(Int) }
            ```
            ```swift
            print("about to throw") // Prints "about to throw"
            throw Shortage.coins(5)
            ```
            """
        XCTAssertEqual(contexts(listing), [4: [1]])
    }

    func testContinuesNamesTheChainAndNothingElse() {
        let book = """
            ```swift listing=start
            var names: [String] = []
            ```
            ```swift listing=more continues=start
            names.append("a")
            ```
            ```swift
            var other = 0
            ```
            ```swift continues=more
            other += 1
            print(names) // Prints "["a"]"
            ```
            ```swift continues=missing
            print(1) // Prints "1"
            ```
            """
        let planned = plan(book)
        XCTAssertEqual(planned.listings.map(\.block.openingLine), [10])
        XCTAssertEqual(planned.listings[0].context.map(\.openingLine), [1, 4])
        XCTAssertEqual(planned.listings[0].rule, .continues("more"))
        XCTAssertEqual(
            planned.blockFindings[14]?.map(\.message),
            ["continues=missing names no earlier block marked listing=missing"])
    }

    /// A name the listing binds for a scope of its own (a parameter, a loop variable, a closure's parameter)
    /// chooses no earlier snippet, nor does an `if let` or `case let` of an earlier one declare it.
    func testNamesBoundInTheListingChooseNoContext() {
        let book = """
            ```swift
            let value = 5
            case let (x, y) where x == y:
            ```
            ```swift
            func double(x: Int) -> Int { x * 2 }
            for value in [1, 2] { print(double(x: value)) }
            // Prints "2"
            ```
            ```swift
            print([1, 2].map { value in value * 10 }) // Prints "[10, 20]"
            ```
            ```swift
            print(value + 1) // Prints "6"
            ```
            """
        XCTAssertEqual(contexts(book), [5: [], 10: [], 13: [1]])
    }

    /// `#line` and its kind print where the checker builds the listing, not where the book shows it.
    func testAListingThatPrintsASourceLocationIsNotRun() {
        let planned = plan("```swift\nfunc f(line: Int = #line) { print(line) }\nf() // Prints \"2\"\n```\n")
        XCTAssertEqual(
            planned.listings[0].notRun,
            "it uses #line, whose value would be where the checker builds it, not where the book shows it")
    }

    func testAListingThatNeedsTooMuchOrAnAppleFrameworkIsNotRun() {
        let declarations = (0...ListingContext.maximumContext).map { "```swift\nlet v\($0) = \($0)\n```\n" }.joined()
        let sum = (0...ListingContext.maximumContext).map { "v\($0)" }.joined(separator: " + ")
        let tooMuch = plan(declarations + "```swift\nprint(\(sum)) // Prints \"136\"\n```\n").listings[0]
        XCTAssertEqual(tooMuch.context.count, ListingContext.maximumContext + 1)
        XCTAssertEqual(
            tooMuch.notRun?.hasPrefix("needs 17 earlier listings (after lines 1-3, 4-6,"), true, tooMuch.notRun ?? "")
        let platform = plan(
            "```swift\nimport SwiftUI\nlet title = \"a\"\n```\n```swift\nprint(title) // Prints \"a\"\n```\n")
        XCTAssertEqual(
            platform.listings[0].notRun, "the listing at line 1 imports a framework that builds only on Apple platforms"
        )
    }

    /// A failed merged build is built again without the jobs its errors are in: a listing's own errors are
    /// its build (a note), a scenario an error is in is built alone, and an error in no job's lines leaves
    /// nothing to tell.
    func testAFailedMergedBuildIsSplitByWhereItsErrorsAre() throws {
        let book = plan(
            """
            ```swift
            let shared = 1
            ```
            ```swift
            print(shared) // Prints "1"
            ```
            ```swift
            print(missing) // Prints "2"
            ```
            ```swift
            print(3) // Prints "3"
            ```
            """)
        let jobs = book.listings.map { listing -> ScenarioJob in
            ScenarioJob(
                engine: [], scenario: PlannedBlock(reading: listing.block),
                context: listing.context.map(PlannedBlock.init(reading:)),
                plan: BuildPlan(way: .wrapped(.init()), group: MergeGroup(engine: .content("book")), kind: .listing),
                markdownPath: "/book.md", languageMode: .swift5)
        }
        func build(errorsAt lines: [Int]) -> CompileResult {
            CompileResult(
                succeeded: false,
                diagnostics: lines.map {
                    CompilerDiagnostic(
                        file: "/book.md", line: $0, column: 7, severity: .error, message: "error at \($0)", context: [])
                }, output: "", seconds: 3, timedOut: false)
        }
        let split = try XCTUnwrap(Executor.split([0, 1, 2], of: jobs, by: build(errorsAt: [8])))
        XCTAssertEqual(split.innocent, [0, 2])
        XCTAssertEqual(split.final.map(\.0), [1])
        XCTAssertEqual(split.final.first?.1.diagnostics.map(\.message), ["error at 8"])
        XCTAssertEqual(split.alone, [])
        // An error in a shared context is each listing's that is built after it.
        let shared = try XCTUnwrap(Executor.split([0, 1, 2], of: jobs, by: build(errorsAt: [2])))
        XCTAssertEqual(shared.final.map(\.0), [0])
        XCTAssertEqual(shared.innocent, [1, 2])
        // A scenario's error sends it to be built alone.
        var scenarios = jobs
        scenarios[1].plan.kind = .scenario
        XCTAssertEqual(Executor.split([0, 1, 2], of: scenarios, by: build(errorsAt: [8]))?.alone, [1])
        XCTAssertNil(Executor.split([0, 1, 2], of: jobs, by: build(errorsAt: [40])), "an error in no job's lines")
        XCTAssertNil(Executor.split([0, 1, 2], of: jobs, by: build(errorsAt: [])), "a failure with no error")
    }

    /// Listings that must be built alone share executables as modules of their own, in batches of at least
    /// eight, after the merged builds (the longest units, and those a failure leads to more from).
    func testListingsBuiltAloneAreBatchedAsModules() {
        func job(alone: Bool, shares: Bool) -> ScenarioJob {
            let way: MergePolicy.Decision =
                alone ? (shares ? .module(.usesWord("protocol")) : .alone(.usesWord("protocol"))) : .wrapped(.init())
            return ScenarioJob(
                engine: [],
                scenario: PlannedBlock(reading: Self.block("print(1)")),
                plan: BuildPlan(way: way, group: MergeGroup(engine: .content("book")), kind: .listing),
                markdownPath: "/book.md", languageMode: .swift5)
        }
        let jobs = [
            job(alone: true, shares: true), job(alone: false, shares: true), job(alone: true, shares: false),
            job(alone: true, shares: true), job(alone: true, shares: true), job(alone: true, shares: true),
        ]
        let units = Executor.units(for: jobs, workers: 2, mergingSingles: true)
        XCTAssertEqual(units.map(\.summary), ["merged 1", "modules 0 3 4 5", "alone 2"])
        let many = Array(repeating: job(alone: true, shares: true), count: 18)
        XCTAssertEqual(
            Executor.units(for: many, workers: 2, mergingSingles: true).map(\.summary),
            ["modules 0 1 2 3 4 5 6 7", "modules 8 9 10 11 12 13 14 15", "modules 16 17"])
        XCTAssertEqual(
            Executor.units(for: jobs, workers: 2, mergingSingles: false).map(\.summary),
            ["alone 0", "alone 2", "alone 3", "alone 4", "alone 5", "alone 1"],
            "without kept objects to link with, each is built alone")
    }

    /// However many scenarios an engine has, no program holds more than `maximumChunk` of them, merged or
    /// linked as modules: a compile's memory grows with its scenarios.
    func testNoProgramHoldsMoreThanTheMostScenarios() {
        func job(alone: Bool) -> ScenarioJob {
            ScenarioJob(
                engine: [], scenario: PlannedBlock(reading: Self.block("print(1)")),
                plan: BuildPlan(
                    way: alone ? .module(.usesWord("protocol")) : .wrapped(.init()),
                    group: MergeGroup(engine: .content("engine")), kind: .listing),
                markdownPath: "/course.md", languageMode: .swift5)
        }
        let count = 10 * Executor.maximumChunk + 3
        for alone in [false, true] {
            let units = Executor.units(
                for: Array(repeating: job(alone: alone), count: count), workers: 2, mergingSingles: true)
            let sizes = units.map { unit -> Int in
                switch unit {
                case .merged(let indices), .modules(let indices): indices.count
                case .alone: 1
                }
            }
            XCTAssertEqual(sizes.reduce(0, +), count)
            XCTAssertEqual(sizes.max(), Executor.maximumChunk, alone ? "modules" : "merged")
            XCTAssertEqual(units.count, 11)
        }
    }

    /// A scenario of a merged build that succeeded keeps its share of the time and only the diagnostics in its
    /// own lines: not the build's output, nor what the other scenarios' lines or the generated files got.
    func testAScenarioKeepsOnlyItsOwnPartOfAMergedBuild() {
        let job = ScenarioJob(
            engine: [], scenario: PlannedBlock(reading: Self.block("print(1)")),
            context: [PlannedBlock(reading: Self.block("let x = 1", at: 10))],
            plan: BuildPlan(way: .wrapped(.init()), group: MergeGroup(engine: .content("engine"))),
            markdownPath: "/a.md", languageMode: .swift5)
        func warning(_ file: String, _ line: Int) -> CompilerDiagnostic {
            CompilerDiagnostic(
                file: file, line: line, column: 1, severity: .warning, message: "at \(line)", context: [])
        }
        let build = CompileResult(
            succeeded: true,
            diagnostics: [
                warning("/a.md", 2), warning("/a.md", 5), warning("/b.md", 2), warning("/a.md", 11),
                warning("/tmp/main.swift", 2),
            ],
            output: "all of it", seconds: 8, timedOut: false)
        let share = build.share(for: job, of: 4)
        XCTAssertEqual(share.diagnostics.map { "\($0.file):\($0.line)" }, ["/a.md:2", "/a.md:11"])
        XCTAssertEqual(share.output, "")
        XCTAssertEqual(share.seconds, 2)
        XCTAssertTrue(share.succeeded)
    }

    /// A failed merged build is built again in parts, one per worker, each of at least `minimumChunk`.
    func testAFailedBuildIsBuiltAgainInParts() {
        XCTAssertEqual(Executor.parts(of: Array(0..<20), workers: 2), [Array(0..<10), Array(10..<20)])
        XCTAssertEqual(Executor.parts(of: Array(0..<21), workers: 2), [Array(0..<11), Array(11..<21)])
        XCTAssertEqual(Executor.parts(of: Array(0..<15), workers: 2), [Array(0..<15)], "too few for two parts")
        XCTAssertEqual(Executor.parts(of: [4, 7], workers: 1), [[4, 7]])
    }

    /// `lesson list` says how each listing is run; `lesson check` counts the comments it compared and gives a
    /// listing that cannot be built a note, which fails nothing.
    func testListAndCheckSayWhatRan() throws {
        TestSupport.enterPackageRoot()
        let path = "Fixtures/listings/pass/chapter.md"
        let listed = try TestSupport.runLesson(["list", path])
        XCTAssertEqual(listed.status, 0)
        let lines = listed.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.filter { $0.contains(" listing ") }.prefix(3),
            [
                "  lines 6-10    listing         run alone (expected output: 1 comment, line 9)",
                "  lines 14-18   listing         run after lines 6-10 for fruits (expected output: 2 comments, lines 16-17)",
                "  lines 35-38   listing         run after lines 22-27, 31-33 for describe (expected output: 1 comment, line 37)",
            ])
        XCTAssertTrue(
            lines.contains(
                "  lines 100-104 listing         run after lines 96-98 continues tally (expected output: 1 comment, line 103)"
            ))
        XCTAssertEqual(lines.last, "  15 code blocks: 5 snippets, 10 listings")

        let checked = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", path])
        XCTAssertEqual(checked.status, 0)
        XCTAssertEqual(
            checked.standardOutput,
            """
            \(path):118: note: not run: does not build alone: line 119: cannot find 'unseenHelper' in scope
            15 passed, 0 failed, 10 output comments checked

            """)
    }

    /// A listing that is run weighs what a scenario weighs when shards are balanced.
    func testAListingWeighsAsAScenario() {
        let book = plan("```swift\nlet a = 1\n```\n```swift\nprint(a) // Prints \"1\"\n```\n")
        XCTAssertEqual(LessonWeight.of(book), LessonWeight.base + LessonWeight.scenario + 2 * LessonWeight.snippet)
    }

    /// A Swift block of one line whose opening fence is at line `at`.
    fileprivate static func block(_ line: String, at opening: Int = 1) -> FencedBlock {
        FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString("swift"), openingLine: opening,
            closingLine: opening + 2, content: [SourceLine(number: opening + 1, text: line, ending: "\n")])
    }
}

extension Executor.Unit {
    /// `merged 1 2`, `modules 0`, `alone 3`.
    fileprivate var summary: String {
        switch self {
        case .alone(let index): "alone \(index)"
        case .merged(let indices): "merged " + indices.map(String.init).joined(separator: " ")
        case .modules(let indices): "modules " + indices.map(String.init).joined(separator: " ")
        }
    }
}
