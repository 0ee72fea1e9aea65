import XCTest

@testable import LessonKit
@testable import LessonReading

/// Each kind of job gets one plan from the policy: how its program is built, its group and its kind; what
/// the executor reads of it (alone or not, final or not, whether it fits grading's two programs) is the
/// plan's, not decided again.
final class BuildPlanTests: XCTestCase {
    private func bookPlan(_ texts: [String], test: BookTest? = nil, languageMode: LanguageMode = .swift5)
        -> BuildPlan
    {
        let blocks = texts.map(SwiftBlock.init)
        return MergePolicy.plan(
            forBook: blocks, test: test, languageMode: languageMode,
            reasons: { blocks.map(MergePolicy.reasonToBuildListingAlone) },
            movable: { blocks.map { MergePolicy.movableBlock($0) } })
    }

    private let listings = MergeGroup(engine: .content("book listings, Swift 5"))

    func testABooksListingIsWrappedMovedOrBuiltAsAModule() {
        XCTAssertEqual(
            bookPlan(["var total = 1\n", "print(total)\n"]),
            BuildPlan(way: .wrapped(MergePolicy.Wrapping()), group: listings, kind: .listing))
        XCTAssertEqual(
            bookPlan(["protocol Named { var name: String { get } }\n", "struct A: Named { var name = \"a\" }\n"]),
            BuildPlan(way: .movingDeclarations(.usesWord("protocol")), group: listings, kind: .listing))
        // `import` cannot move: the listing is a module of its own.
        XCTAssertEqual(
            bookPlan(["import Foundation\nprint(1)\n"]),
            BuildPlan(way: .module(.usesWord("import")), group: listings, kind: .listing))
        // A name two blocks declare: the program needs the top level, whatever each block allows.
        XCTAssertEqual(
            bookPlan(["let a = 1\n", "let a = 2\n"]),
            BuildPlan(way: .module(.declaresTwice("a")), group: listings, kind: .listing))
    }

    /// A conformance a listing adds to a type it does not declare would be every linked program's: it is
    /// built alone, not linked with the book's other programs.
    func testAListingThatExtendsAStandardTypeIsNotLinkedWithOthers() {
        XCTAssertEqual(
            bookPlan(["extension Int: Identifiable {\n    public var id: Int { self }\n}\nprint(7.id)\n"]).way,
            .alone(.usesWord("extension")))
        XCTAssertEqual(
            bookPlan(["struct Shelf {}\nextension Shelf: Identifiable {\n    public var id: Int { 1 }\n}\n"]).way,
            .movingDeclarations(.usesWord("extension")), "a conformance of its own type moves")
    }

    func testABooksProgramInSwiftSixModeIsBuiltAloneNotAsAModule() {
        let swift6 = MergeGroup(engine: .content("book listings, Swift 6"))
        XCTAssertEqual(
            bookPlan(["print(1)\n"], languageMode: .swift6),
            BuildPlan(way: .alone(.languageMode(.swift6)), group: swift6, kind: .listing))
        XCTAssertEqual(
            bookPlan(["let a = 1\n", "let a = 2\n"], languageMode: .swift6),
            BuildPlan(way: .alone(.declaresTwice("a")), group: swift6, kind: .listing))
    }

    func testABookTestIsOneProgramGroupedByWhetherItExpectsErrors() throws {
        let book = """
            <!--
              - test: `constant`

              ```swifttest
              -> let limit = 3
              -> limit = 4
              !$ error: cannot assign to value: 'limit' is a 'let' constant
              ```
            -->

            <!--
              - test: `squares`

              ```swifttest
              -> print(2 * 2)
              <- 4
              ```
            -->
            """
        let plan = LessonPlanner.plan(Lesson(path: "/b.md", bytes: Array(book.utf8)))
        let tests = plan.bookTests
        XCTAssertEqual(tests.count, 2, "\(tests)")
        let failing = try XCTUnwrap(tests.first(where: \.expectsErrors))
        XCTAssertEqual(
            bookPlan(failing.programBlocks.map(\.text), test: failing),
            BuildPlan(
                way: .wrapped(MergePolicy.Wrapping()),
                group: MergeGroup(engine: .content("book tests that expect errors, Swift 5")), kind: .bookTest))
        let passing = try XCTUnwrap(tests.first(where: { !$0.expectsErrors }))
        XCTAssertEqual(bookPlan(passing.programBlocks.map(\.text), test: passing).group, listings)
        // A book test's top-level `try` ends the program there and does not build in a function.
        XCTAssertEqual(
            bookPlan(["try print(1)\n"], test: passing).way, .module(.usesWord("try")))
    }

    func testWhatTheExecutorReadsOfAPlan() {
        let wrapped = BuildPlan(way: .wrapped(MergePolicy.Wrapping()), group: listings, kind: .listing)
        XCTAssertNil(wrapped.aloneReason)
        XCTAssertTrue(wrapped.failedBuildIsFinal)
        XCTAssertTrue(wrapped.mergedErrorsAreFinal)
        var moving = wrapped
        moving.way = .movingDeclarations(.usesWord("protocol"))
        XCTAssertEqual(moving.aloneReason, .usesWord("protocol"))
        XCTAssertTrue(moving.failedBuildIsFinal)
        XCTAssertFalse(moving.mergedErrorsAreFinal, "it may fail for the move: built again as a module")
        var scenario = wrapped
        scenario.kind = .scenario
        XCTAssertFalse(scenario.failedBuildIsFinal)
        XCTAssertFalse(scenario.mergedErrorsAreFinal)
        XCTAssertTrue(scenario.fitsTwoProgramBuild)
        scenario.way = .wrapped(MergePolicy.Wrapping(exitsAtEnd: true))
        XCTAssertFalse(scenario.fitsTwoProgramBuild, "its process ends at its function's end")
        scenario.way = .alone(.markedStandalone)
        XCTAssertFalse(scenario.fitsTwoProgramBuild)
    }
}
