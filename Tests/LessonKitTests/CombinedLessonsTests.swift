import XCTest

@testable import LessonKit

/// Lessons of different engines share one frontend on a cold build: each engine's top-level declarations
/// are made `fileprivate`, in a file of its own with its scenarios (`CombinedLessons.swift`).
final class CombinedLessonsTests: XCTestCase {
    func testEveryTopLevelDeclarationOfAnEngineBecomesFilePrivateOnItsOwnLines() throws {
        let engine = """
            #sourceLocation(file: "/l.md", line: 3)
            @propertyWrapper
            struct Clamped { var wrappedValue: Int }
            @MainActor final class Screen: CustomStringConvertible {
                var description: String { "screen" }
                private let secret = 1
            }
            protocol Named: class { var name: String { get } }
            extension Screen: Equatable {
                static func == (a: Screen, b: Screen) -> Bool { true }
            }
            extension String where Self: Hashable {
                func framed() -> String { "[" + self + "]" }
            }
            typealias Rows = [String]
            let limit = 3, floor = 1
            var (low, high) = (0, 9)
            func + (a: Screen, b: Screen) -> Screen { a }
            func report(_ s: Screen) -> String {
                let inner = 2
                return "\\(inner)"
            }
            """
        let rewritten = try XCTUnwrap(FilePrivateEngine(engine))
        XCTAssertEqual(
            rewritten.source,
            """
            #sourceLocation(file: "/l.md", line: 3)
            @propertyWrapper
            fileprivate struct Clamped { var wrappedValue: Int }
            @MainActor final fileprivate class Screen: CustomStringConvertible {
                var description: String { "screen" }
                private let secret = 1
            }
            fileprivate protocol Named: class { var name: String { get } }
            extension Screen: Equatable {
                static func == (a: Screen, b: Screen) -> Bool { true }
            }
            fileprivate extension String where Self: Hashable {
                func framed() -> String { "[" + self + "]" }
            }
            fileprivate typealias Rows = [String]
            fileprivate let limit = 3, floor = 1
            fileprivate var (low, high) = (0, 9)
            fileprivate func + (a: Screen, b: Screen) -> Screen { a }
            fileprivate func report(_ s: Screen) -> String {
                let inner = 2
                return "\\(inner)"
            }
            """)
    }

    /// What `fileprivate` would change, or cannot keep apart, leaves the engine a module of its own.
    func testAnEngineTheRewriteCannotKeepApartIsRefused() {
        let refused = [
            "private func helper() {}\n": "a private declaration a scenario in its file would see",
            "struct A { fileprivate var n = 0 }\n": "a fileprivate member",
            "public struct A {}\n": "an access level",
            "extension String {\n    public func framed() -> String { self }\n}\n": "a public member seen module-wide",
            "extension Int {\n    internal func twice() -> Int { 2 * self }\n}\n": "an internal member",
            "class Screen {\n    package var title = \"\"\n}\n": "a package member",
            "class Screen {}\nextension Screen {\n    open func show() {}\n}\n": "an open member",
            "import Foundation\nstruct A {}\n": "an import a scenario in the file would see",
            "func here() -> Int { #column }\n": "a column the inserted words would shift",
            "func here() -> String { \"\\(#column)\" }\n": "a column in an interpolation",
            "extension String: Error {}\n": "another module's type given a conformance",
            "extension Rows: Error {}\ntypealias Rows = [String]\n": "a typealias is not the engine's own type",
            "infix operator <>\n": "an operator",
            "#if DEBUG\nlet a = 1\n#endif\n": "conditional compilation",
            "@_cdecl(\"tick\") func tick() {}\n": "a symbol name of its own",
            "struct A {}; struct B {}\n": "a declaration that does not begin its line",
            "weak var screen: AnyObject?\n": "a modifier the rewrite does not know",
            "struct A {\n": "a brace that does not close",
        ]
        for (engine, why) in refused {
            XCTAssertNil(FilePrivateEngine(engine), why)
        }
    }

    /// `open` is an access level only before a declaration: as a name, it leaves the engine combinable.
    func testOpenAsANameIsNotAnAccessLevel() throws {
        let engine = "enum Door { case open, shut }\nfunc open(_ door: Door) -> Door { .open }\n"
        XCTAssertEqual(
            try XCTUnwrap(FilePrivateEngine(engine)).source,
            "fileprivate enum Door { case open, shut }\nfileprivate func open(_ door: Door) -> Door { .open }\n")
    }

    /// Engines are combined only where they outnumber the workers (otherwise each worker has an engine of
    /// its own anyway), cut into one part a worker of as many engines; an engine that would be alone in its
    /// part is merged as usual.
    func testEnginesAreCombinedWhenTheyOutnumberTheWorkers() {
        let engines = (0..<6).map { EngineIdentity.content("engine \($0)") }
        let groups = Dictionary(uniqueKeysWithValues: engines.enumerated().map { ($1, [2 * $0, 2 * $0 + 1]) })
        let (units, combined) = Executor.combinedUnits(
            groups, order: engines, combinable: unrelated(engines.prefix(5)), workers: 2)
        XCTAssertEqual(units.map(\.jobs), [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9]])
        XCTAssertEqual(combined, Set(engines.prefix(5)))
        let three = Executor.combinedUnits(
            groups, order: engines, combinable: unrelated(engines.prefix(3)), workers: 2)
        XCTAssertEqual(three.units.map(\.jobs), [[0, 1, 2, 3]], "the third engine alone is merged as usual")
        XCTAssertEqual(three.engines, Set(engines.prefix(2)))
        let two = Executor.combinedUnits(groups, order: engines, combinable: unrelated(engines.prefix(2)), workers: 2)
        XCTAssertEqual(two.units.count, 0, "two engines are not more than two workers")
        XCTAssertEqual(two.engines, [])
    }

    /// Parts are even in engines, whatever their scenarios: forty engines on two workers make three parts,
    /// none of more than 16 engines, though the first engine has forty scenarios.
    func testACombinedBuildHoldsAtMostSixteenEnginesEvenlyCut() {
        let engines = (0..<40).map { EngineIdentity.content("engine \($0)") }
        var groups = Dictionary(uniqueKeysWithValues: engines.enumerated().map { ($1, [$0]) })
        groups[engines[0]] = [0] + Array(40..<79)
        let (units, combined) = Executor.combinedUnits(
            groups, order: engines, combinable: unrelated(engines[...]), workers: 2)
        XCTAssertEqual(units.map(\.jobs.count), [53, 13, 13])
        XCTAssertEqual(units.map(\.jobs).dropFirst().map(\.first), [14, 27])
        XCTAssertEqual(combined.count, 40)
    }

    /// Engines that begin with the same declarations share them as a base (their files' headers aside);
    /// each engine's rest is made `fileprivate` and mapped to its lesson's lines after the base.
    func testEnginesThatGrowShareTheirBase() throws {
        let base = "struct Counter {\n    var value = 0\n}\n\nfunc show(_ c: Counter) -> String { \"\\(c.value)\" }\n"
        let engines = [
            "#sourceLocation(file: \"/a.md\", line: 4)\n// A.swift — its header\n" + base
                + "func stepOne() -> Int { 1 }\n",
            "#sourceLocation(file: \"/b.md\", line: 10)\n" + base
                + "func stepOne() -> Int { 1 }\nfunc stepTwo() -> Int { 2 }\n",
            "#sourceLocation(file: \"/c.md\", line: 7)\n" + base
                + "@MainActor\nfunc doubled(_ c: Counter) -> Int {\n    2 * c.value\n}\n",
        ]
        let shared = try XCTUnwrap(SharedEngineBase(engines))
        XCTAssertEqual(shared.base, "#sourceLocation(file: \"/a.md\", line: 5)\n" + base + "#sourceLocation()\n")
        XCTAssertEqual(
            shared.rests,
            [
                "#sourceLocation(file: \"/a.md\", line: 10)\nfileprivate func stepOne() -> Int { 1 }\n",
                "#sourceLocation(file: \"/b.md\", line: 15)\nfileprivate func stepOne() -> Int { 1 }\n"
                    + "fileprivate func stepTwo() -> Int { 2 }\n",
                "#sourceLocation(file: \"/c.md\", line: 12)\n@MainActor\nfileprivate func doubled(_ c: Counter) -> Int {\n"
                    + "    2 * c.value\n}\n",
            ])
        XCTAssertEqual(SharedEngineBase.family(of: engines[2]), "struct Counter {\n    var value = 0\n}\n\n")
    }

    /// A base shared where the engine alone could mean something else is refused.
    func testABaseThatCouldMeanSomethingElseIsNotShared() {
        let base = "struct Counter {\n    var value = 0\n}\n"
        let cases: [(String, String, String, String)] = [
            (
                base + "func show() -> String { label() }\n", "func label() -> String { \"a\" }\n",
                "func label() -> String { \"b\" }\n", "the base calls what each rest declares"
            ),
            (base, "func + (a: Counter, b: Counter) -> Counter { a }\n", "", "a rest declares an operator"),
            (base, "extension Counter {\n    init(start: Int) { value = start }\n}\n", "", "a rest adds an init"),
            (base, "extension Counter {\n    struct Step {}\n}\n", "", "a rest nests a type in the base's"),
            (base, "extension Counter {\n    static let zero = 0, max = 1\n}\n", "", "a list of names"),
            (
                base + "func size() -> Int { max(1, 2) }\n", "extension Counter {\n    static let max = 0\n}\n", "",
                "an extension's member the base names"
            ),
            (base, "extension Collection {\n    var isEmpty: Bool { false }\n}\n", "", "a protocol extended"),
            (
                "struct Bag: Collection {\n    var items: [Int]\n    var startIndex: Int { 0 }\n"
                    + "    var endIndex: Int { items.endIndex }\n    func index(after i: Int) -> Int { i + 1 }\n"
                    + "    subscript(i: Int) -> Int { items[i] }\n}\nfunc listed(_ bag: Bag) -> [Int] { Array(bag) }\n",
                "extension Bag {\n    var count: Int { 2 }\n}\n", "", "a requirement's default replaced"
            ),
            (
                "@resultBuilder\nstruct Lines {\n    static func buildBlock(_ parts: String...) -> [String] { parts }\n}\n",
                "extension Lines {\n    static func buildExpression(_ line: String) -> String { line }\n}\n", "",
                "a member the compiler calls"
            ),
            (
                "struct Counter {\n    private func bump(_ x: Int) -> String { \"Int\" }\n"
                    + "    func bump(_ x: Any) -> String { \"Any\" }\n}\n",
                "extension Counter {\n    func tryBump() -> String { bump(1) }\n}\n", "", "a private member seen"
            ),
            (
                "struct Box<Item> {\n    var item: Item\n}\n",
                "extension Box {\n    func twice() -> [Item] { [item, item] }\n}\n",
                "", "a generic type"
            ),
            (
                "class Animal {\n    var items = [1]\n}\n", "extension Animal {\n    var count: Int { 2 }\n}\n", "",
                "a class a subclass may inherit from"
            ),
            (
                base + "func show() -> String { label(1) }\n",
                "extension Counter {\n    func `label`(_ x: Int) -> String { \"\" }\n}\n", "", "a name in backticks"
            ),
            (base, "typealias UnicodeScalarType = Character\n", "", "a literal's default type"),
            (
                base + "func magnitude(_ x: Int) -> Int { abs(x) }\n",
                "let seed = 0,\n    abs = { (x: Int) -> Int in 100 }\n",
                "", "a list of names over two lines"
            ),
            (
                "enum Mode { case fast, slow }\nfunc distinct(_ modes: [Mode]) -> Int { Set(modes).count }\n",
                "extension Mode {\n    func hash(into hasher: inout Hasher) {}\n}\n", "", "an enum's unwritten Hashable"
            ),
            (base, "typealias IntegerLiteralType = Double\n", "", "a rest changes the base's literals"),
            (
                base + "func show() -> String { \"\\(Counter())\" }\n",
                "extension DefaultStringInterpolation {\n    mutating func appendInterpolation(_ c: Counter) {}\n}\n",
                "",
                "a rest changes how the base interpolates"
            ),
            (
                "@propertyWrapper\nstruct Kept { var wrappedValue: Int }\nstruct Box { @Counted var n = 0 }\n",
                "@propertyWrapper\nstruct Counted { var wrappedValue: Int }\n", "", "a rest declares the base's wrapper"
            ),
            ("import Foundation\n" + base, "", "", "the base imports a module the rests would not see"),
            (base + "func here() -> Int { #line }\n", "", "", "the base names a line of the first lesson"),
            ("let one = 1\n", "struct A {}\n", "struct B {}\n", "nothing but a constant is shared"),
            ("struct A {}\n", "", "struct A {}\n", "a rest declares a type of the base's name again"),
        ]
        for (base, first, second, why) in cases {
            let engines = [first, second].enumerated().map {
                "#sourceLocation(file: \"/\($0).md\", line: 3)\n" + base + $1
            }
            if why == "nothing but a constant is shared" {
                XCTAssertNotNil(SharedEngineBase(engines), "a constant is a whole declaration")
                XCTAssertNil(SharedEngineBase(["#sourceLocation(file: \"/0.md\", line: 3)\nlet two = 2\n"] + engines))
            } else {
                XCTAssertNil(SharedEngineBase(engines), why)
            }
        }
    }

    /// A rest's extension of a plain type of the base, of its own type or of a concrete standard type is
    /// kept fileprivate beside its scenarios, where it names no private member of the base: the base is
    /// shared.
    func testARestMayExtendWhatTheBaseCannotReachUnnamed() throws {
        let base =
            "struct Counter {\n    var value = 0\n    private(set) var changes = 0\n}\n\nextension Counter {\n    var isZero: Bool { value == 0 }\n}\n"
        let rests = [
            "extension Counter {\n    func doubled() -> Int { 2 * value }\n}\n",
            "struct Step {}\nextension Step {\n    static let one = Step()\n}\n",
            "extension String {\n    var shouted: String { uppercased() }\n}\n",
            "extension Counter {\n    func reset() -> Counter { Counter() }\n}\n",
        ]
        let engines = rests.enumerated().map { "#sourceLocation(file: \"/\($0).md\", line: 3)\n" + base + $1 }
        let shared = try XCTUnwrap(SharedEngineBase(engines))
        XCTAssertEqual(
            shared.rests.map { $0.split(separator: "\n")[1] },
            [
                "fileprivate extension Counter {", "fileprivate struct Step {}", "fileprivate extension String {",
                "fileprivate extension Counter {",
            ])
        let types = BaseTypes(
            "@MainActor\nstruct Screen {}\nstruct Plain {}\nfunc f() {}\nenum Raw: Int { case a }\n"
                + "struct Box<T> {}\nfinal class Later {}\nextension Later: Equatable {}\nprotocol Named {}\n"
                + "typealias Rows = [Int]\nclass Animal {}\nfinal class Pen {}\nenum Mode { case on }\n")
        XCTAssertEqual(
            types.declared, ["Screen", "Plain", "Raw", "Box", "Later", "Named", "Rows", "Animal", "Pen", "Mode"])
        XCTAssertEqual(types.plain, ["Plain", "Pen"], "an enum of no values is Hashable unwritten")
        XCTAssertEqual(
            BaseTypes(
                "struct A {\n    private(set) var shown = 0\n    private init() {}\n    fileprivate func f() {}\n}\n"
            )
            .privateNames, ["shown", "init", "f"])
    }

    /// Declarations are cut at the start of their lines, attributes and modifiers with them; a line that
    /// continues an expression is not cut.
    func testAnEngineIsCutBeforeEachTopLevelDeclaration() {
        XCTAssertEqual(
            SharedEngineBase.items(
                of:
                    "@MainActor\nfinal class A {}\n// the next\n@available(*, deprecated)\nfunc f() {}\nlet x =\n    5\nstruct B {}"
            ),
            [
                "@MainActor\nfinal class A {}\n// the next\n", "@available(*, deprecated)\nfunc f() {}\n",
                "let x =\n    5\n",
                "struct B {}",
            ])
    }

    /// Engines are cut into parts of one family each, the engines of a family of their own together.
    func testPartsHoldOneFamilyEach() {
        let engines = (0..<7).map { EngineIdentity.content("engine \($0)") }
        let groups = Dictionary(uniqueKeysWithValues: engines.enumerated().map { ($1, [$0]) })
        var combinable = Dictionary(
            uniqueKeysWithValues: engines.enumerated().map { ($1, $0 % 2 == 0 ? "even" : "odd") })
        combinable[engines[6]] = "its own"
        combinable[engines[5]] = "its own too"
        let (units, combined) = Executor.combinedUnits(groups, order: engines, combinable: combinable, workers: 2)
        XCTAssertEqual(units.map(\.jobs), [[0, 2, 4], [1, 3], [5, 6]])
        XCTAssertEqual(combined.count, 7)
        let many = (0..<40).map { EngineIdentity.content("engine \($0)") }
        let (parts, _) = Executor.combinedUnits(
            Dictionary(uniqueKeysWithValues: many.enumerated().map { ($1, [$0]) }), order: many,
            combinable: Dictionary(uniqueKeysWithValues: many.enumerated().map { ($1, $0 < 20 ? "a" : "b") }),
            workers: 2)
        XCTAssertEqual(parts.map(\.jobs.count), [10, 10, 10, 10], "two families of 20: two parts each")
    }

    /// Lessons whose engines grow from one kernel compile it once: on one worker, one program, in which the
    /// kernel's type keeps its name (`main.Counter`, printed by the first lesson, which the rewritten
    /// engines would change, building that scenario again alone).
    func testLessonsOfAGrowingEngineShareOneProgramAndTheirKernel() throws {
        let (report, programs) = try check(
            ["1-counter.md", "2-counter.md", "3-counter.md"].map { "Fixtures/merge/growing/" + $0 }, workers: 1)
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        XCTAssertEqual(programs, 1)
    }

    /// A lesson whose engine lacks another lesson's step does not see it, though their engines share the
    /// kernel; each sees its own `stepOne`.
    func testALessonOfAGrowingEngineSeesOnlyItsOwnRest() throws {
        TestSupport.enterPackageRoot()
        let (report, _) = try check(try TestSupport.markdownFiles(under: "Fixtures/merge/growing"), workers: 2)
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 4, failed: 1, skipped: 0))
        XCTAssertEqual(findings(of: report), ["4-counter-misses-a-step.md:35: cannot find 'stepTwo' in scope"])
    }

    /// Engines whose rests change how their common kernel compiles without the kernel naming them (the type
    /// of its integer literals, its interpolation of a counter) do not share it: on one worker, each lesson
    /// prints what it prints alone.
    func testRestsThatChangeTheKernelUnnamedDoNotShareIt() throws {
        let (report, _) = try check(try TestSupport.markdownFiles(under: "Fixtures/merge/growing-apart"), workers: 1)
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
    }

    /// Three lessons of three engines that declare the same names: one program a worker, and each scenario
    /// sees its own lesson's engine. Alone, each engine would be a program of its own.
    func testThreeLessonsOfThreeEnginesTakeOneProgramAWorker() throws {
        let (report, programs) = try check(
            ["1-tally-struct.md", "3-tally-enum.md", "5-greeting.md"].map { "Fixtures/merge/combined/" + $0 },
            workers: 2)
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 5, failed: 1, skipped: 0))
        XCTAssertEqual(programs, 2)
    }

    /// A combined build that fails builds each engine's scenarios again as merged programs of their own: the
    /// lesson whose engine has no `framed()` fails where it calls it (the other engines' are `fileprivate`),
    /// and a printed class instance, whose qualified name the combined module changes, is built alone. The
    /// engine that imports Foundation is not combined: its scenario that calls `sqrt` fails as it does alone.
    func testACombinedBuildThatFailsLeavesEachErrorToItsLesson() throws {
        TestSupport.enterPackageRoot()
        let (report, _) = try check(try TestSupport.markdownFiles(under: "Fixtures/merge/combined"), workers: 2)
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 9, failed: 3, skipped: 0))
        XCTAssertEqual(
            findings(of: report),
            [
                "0-imports-foundation.md:26: cannot find 'sqrt' in scope",
                "3-tally-enum.md:35: expected output differs at line 1 of 1",
                "4-tally-no-frame.md:28: value of type 'String' has no member 'framed'",
            ])
    }

    /// Engines each of a family of its own.
    private func unrelated(_ engines: ArraySlice<EngineIdentity>) -> [EngineIdentity: String] {
        Dictionary(uniqueKeysWithValues: engines.map { ($0, "\($0)") })
    }

    /// The report of `files` checked from no cache by `workers` workers, and how many programs were built.
    private func check(_ files: [String], workers: Int) throws -> (CheckReport, Int) {
        TestSupport.enterPackageRoot()
        var options = TestSupport.fixtureOptions
        options.execution.jobs = workers
        options.cacheDirectory = nil
        var checker = LessonChecker(options: options, toolchain: try TestSupport.toolchain())
        let progress = CheckProgress()
        checker.progress = progress
        let report = checker.check(files: files)
        return (report, progress.current.programsBuilt)
    }

    /// Each finding of `report` as `lesson.md:line: message`.
    private func findings(of report: CheckReport) -> [String] {
        report.lessons.flatMap { $0.checks.flatMap(\.findings) }.map {
            "\(($0.location.path as NSString).lastPathComponent):\($0.location.line): \($0.message)"
        }
    }
}

extension Executor.Unit {
    fileprivate var jobs: [Int] {
        switch self {
        case .alone(let index): [index]
        case .merged(let indices), .modules(let indices), .combined(let indices): indices
        }
    }
}
