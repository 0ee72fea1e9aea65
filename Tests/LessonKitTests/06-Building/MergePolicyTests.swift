import XCTest

@testable import LessonKit

/// Which scenarios may share a merged build, and why the others are built alone.
final class MergePolicyTests: XCTestCase {
    private func reasons(_ path: String) throws -> [BuildAloneReason?] {
        let plan = LessonPlanner.plan(Lesson.read(path: TestSupport.packageRoot + "/" + path))
        let engine = plan.engineFiles.map(\.block.text)
        return plan.scenarios.map {
            reason(
                $0.block.text, engine: engine, standalone: $0.block.info.has("standalone"),
                languageMode: plan.languageMode)
        }
    }

    private func reason(
        _ scenario: String, engine: [String] = [], standalone: Bool = false, languageMode: LanguageMode = .swift5
    ) -> BuildAloneReason? {
        switch MergePolicy.scenario(scenario, engine: engine, standalone: standalone, languageMode: languageMode) {
        case .alone(let reason), .module(let reason), .movingDeclarations(let reason): reason
        case .wrapped: nil
        }
    }

    func testScenariosThatWrappingWouldChangeAreBuiltAlone() throws {
        XCTAssertEqual(
            try reasons("Fixtures/merge/declarations.md"),
            [
                .usesWord("struct"), .usesWord("extension"), .usesWord("protocol"), nil, .usesWord("final"),
                .usesWord("async"), .markedStandalone,
            ])
        // Merged, its process ending at its function's end (`LifetimesMergeTests`).
        XCTAssertEqual(try reasons("Fixtures/merge/weak-reference.md"), [nil])
        XCTAssertEqual(
            try reasons("Fixtures/merge/shadowed-engine-name.md"), [.shadowsEngineName("label")])
        XCTAssertEqual(try reasons("Fixtures/check/pass/swift-6-mode.md"), [.usesWord("actor")])
        XCTAssertEqual(try reasons("Fixtures/merge/not-self-contained.md"), [nil, .notSelfContained, nil])
    }

    /// A scenario that closes a bracket it did not open, or leaves a bracket, a block comment or a multi-line
    /// string open, could close its wrapper early: it is built alone. Brackets and quotes in strings,
    /// comments and interpolations do not count.
    func testOnlyScenariosThatCloseWhatTheyOpenMayBeWrapped() {
        for closed in [
            "print(\"}\")", "let d = [\"k\": 1]\nprint(\"\\(d[\"k\"]!)\")", "// }\n/* { */",
            "let s = \"\"\"\n{\n\"\"\"",
            "if true { print(1) }",
        ] {
            XCTAssertTrue(SwiftTokens(closed).isSelfContained, closed)
        }
        for open in [
            "}\nprint(1)\nif true {", "print(1) }", "if true {", "/* never closed", "let s = \"\"\"\nnever closed",
            "f(]",
        ] {
            XCTAssertFalse(SwiftTokens(open).isSelfContained, open)
        }
    }

    func testPlainScenariosMayBeMerged() throws {
        XCTAssertEqual(try reasons("Fixtures/merge/fallback.md"), [nil, nil, nil, nil])
        XCTAssertEqual(try reasons("Fixtures/merge/one-trap-among-three.md"), [nil, nil, nil])
    }

    func testEveryTopLevelNameIsFoundTuplesAndListsIncluded() {
        XCTAssertEqual(
            SwiftTokens("let (a, b) = (1, 2)\nvar c = f(x, y), d = 3\nfunc g() { let inner = 1 }\nlet e: Int = 4\n")
                .topLevelDeclaredNames,
            ["a", "b", "c", "d", "g", "e"])
        let engine = ["let engineName = \"Sync\"\nfunc check() {}\n"]
        XCTAssertEqual(
            reason("let (engineName, other) = (1, 2)\nprint(other)\n", engine: engine),
            .shadowsEngineName("engineName"))
        XCTAssertEqual(
            reason("if true { print(1) }\nguard false else { exit(0) }\nreturn\n"),
            .usesWord("return"))
    }

    /// An engine's `#function` default argument names the scenario's function when merged, `main` alone:
    /// every scenario of such an engine is built alone.
    func testAnEngineThatNamesItsCallerBuildsEachScenarioAlone() throws {
        XCTAssertEqual(
            try reasons("Fixtures/merge/engine-function-name.md"),
            [
                .engineUsesWord("#function"), .engineUsesWord("#function"),
            ])
        XCTAssertEqual(BuildAloneReason.engineUsesWord("#function").description, "its engine uses '#function'")
    }

    /// A list of bindings goes on over a line that ends with its comma; the next line's name is declared.
    func testABindingListOverTwoLinesDeclaresBothNames() {
        XCTAssertEqual(
            SwiftTokens("let seed = 0,\n    abs = { (x: Int) -> Int in 100 }\nprint(seed)\nvar total = 1\n")
                .topLevelDeclaredNames,
            ["seed", "abs", "total"])
        XCTAssertEqual(
            reason("let other = 1,\n    engineName = 2\nprint(other)\n", engine: ["let engineName = 0\n"]),
            .shadowsEngineName("engineName"))
    }

    /// `if let`, `case let` and a comma inside a generic type's brackets declare nothing at the top level;
    /// `guard let` does.
    func testConditionsAndGenericArgumentsDeclareNoTopLevelName() {
        let tokens = SwiftTokens(
            """
            let ages: Dictionary<String, Int> = [:], names: [String] = []
            if let first = names.first { print(first) }
            case let (x, y):
            guard let last = names.last else { fatalError() }
            let f: (Int) -> Int = { $0 }, g = 2
            """)
        XCTAssertEqual(tokens.topLevelDeclaredNames, ["ages", "names", "last", "f", "g"])
        XCTAssertEqual(tokens.locallyBoundNames, ["first", "x", "y"])
    }

    /// What a snippet binds for a scope of its own: parameters (labels too), closure parameters, loop
    /// variables, locals, nested functions; not the names its code only uses.
    func testNamesBoundForAScopeOfTheirOwn() {
        let tokens = SwiftTokens(
            """
            func scale(_ value: Int, by factor: Int = base) -> Int {
                let doubled = value * factor
                func helper(x: Int) -> Int { x }
                return helper(x: doubled)
            }
            for (index, item) in list.enumerated() { print(index, item) }
            let tens = list.map { element in element * 10 }
            let sums = pairs.map { (a, b) in a + b }
            """)
        XCTAssertEqual(tokens.topLevelDeclaredNames, ["scale", "tens", "sums"])
        XCTAssertEqual(
            tokens.locallyBoundNames,
            ["_", "value", "by", "factor", "doubled", "helper", "x", "index", "item", "element", "a", "b"])
    }

    /// A name bound for a scope of its own is the global's wherever it is used outside every brace; a
    /// capture list, a closure's types and a type's members bind nothing; a comparison in an initializer is no
    /// generic bracket.
    func testANameUsedOutsideTheScopeThatBindsItIsStillNeeded() {
        let tokens = SwiftTokens(
            """
            func greet(name: String) { print(name) }
            greet(name: name)
            struct User { var title: String; func show(count: Int) { print(count) } }
            let shown = User(title: title)
            let convert = { [counter] (c: Double) -> Fahrenheit in Fahrenheit(c + Double(counter)) }
            if let myNumber { print(myNumber) }
            if let other = other { print(other) }
            if let fresh = source { print(fresh) }
            let isSmall = size < 10, isBig = size > 40
            """)
        XCTAssertEqual(tokens.locallyBoundNames, ["count", "c", "fresh"])
        XCTAssertEqual(tokens.topLevelDeclaredNames, ["greet", "User", "shown", "convert", "isSmall", "isBig"])
    }

    /// An operator's function can be declared only at the top level: a listing that declares one is built
    /// alone, and its declarations do not move. An access level's word used as a name is no access level.
    func testOperatorFunctionsAndAccessLevelsAsNames() {
        XCTAssertTrue(SwiftTokens("func + (a: V, b: V) -> V { a }").declaresOperatorFunction)
        XCTAssertTrue(SwiftTokens("static func ~=(p: P, v: Int) -> Bool { true }").declaresOperatorFunction)
        XCTAssertFalse(
            SwiftTokens("func add(a: V) {}\nfunc `default`() {}\nfunc g<T>(_ t: T) {}").declaresOperatorFunction)
        XCTAssertEqual(
            MergePolicy.reasonToBuildListingAlone("struct V { var x: Int }\nfunc + (a: V, b: V) -> V { a }"),
            .usesWord("func"))
        XCTAssertNil(MergePolicy.movableBlock("protocol P {}\nfunc + (a: Int, b: P) -> Int { a }"))
        XCTAssertNil(MergePolicy.reasonToBuildListingAlone("struct Door { func open() {} }\nDoor().open()"))
        XCTAssertEqual(
            MergePolicy.reasonToBuildListingAlone("struct S { private(set) var n = 0 }"), .usesWord("private"))
        XCTAssertEqual(MergePolicy.reasonToBuildListingAlone("open class C {}"), .usesWord("open"))
    }

    func testWordsInStringsAndCommentsDoNotCount() {
        let scenario = "// a class of its own\nprint(\"struct and await\")\n/* extension */ print(1)\n"
        XCTAssertNil(reason(scenario))
    }
}

/// The closed list: what a reader's `main.swift` means otherwise than a function body builds alone.
final class MergePolicyClosedListTests: XCTestCase {
    private func decide(_ scenario: String, engine: [String] = []) -> MergePolicy.Decision {
        MergePolicy.scenario(scenario, engine: engine, languageMode: .swift5)
    }

    func testConstructsThatMeanOtherwiseAtTheTopLevelBuildAlone() {
        XCTAssertEqual(decide("lazy var total = 3\nprint(total)\n"), .module(.usesWord("lazy")))
        XCTAssertEqual(decide("let a = [1]\nlet b = consume a\n"), .module(.usesWord("consume")))
        XCTAssertEqual(decide("@Clamped var level = 50\n"), .module(.usesWord("@Clamped")))
        XCTAssertEqual(decide("print(#line)\n"), .module(.usesWord("#line")))
        XCTAssertEqual(decide("struct Point {}\n"), .module(.usesWord("struct")))
        XCTAssertEqual(decide("typealias IntegerLiteralType = Double\n"), .alone(.usesWord("typealias")))
        XCTAssertEqual(decide("extension Int { var twice: Int { self * 2 } }\n"), .alone(.usesWord("extension")))
        XCTAssertEqual(decide("let _lessonExit = 1\n"), .alone(.usesWord("_lessonExit")))
    }

    /// A `return` of the top-level code does not build there; one in a function's or a closure's body does.
    /// A trailing closure's brace is not told from a statement's, so its `return` builds alone too.
    func testAReturnOfTheTopLevelCodeBuildsAlone() {
        XCTAssertEqual(decide("if Bool.random() { return }\n"), .module(.usesWord("return")))
        XCTAssertEqual(
            decide("func twice(_ n: Int) -> Int {\n    return 2 * n\n}\nprint(twice(2))\n"), .wrapped(.init()))
        XCTAssertEqual(decide("let x = [1].map({ n in return n })\n"), .wrapped(.init()))
        XCTAssertEqual(decide("let x = [1].map { n in return n }\n"), .module(.usesWord("return")))
    }

    /// A top-level function overloads the standard library's of its name at the top level, where a local
    /// one hides them (`abs(-3)` prints `3` and `3.0`), and the engine's code sees it.
    func testTopLevelFunctionsNamedLikeTheStandardLibrarysOrTheEnginesBuildAlone() {
        XCTAssertEqual(
            decide("func abs(_ x: Double) -> Double { x }\nprint(abs(-3))\n"), .module(.overloadsStandardName("abs")))
        XCTAssertEqual(
            decide("func print(_ s: String) {}\nprint(\"a\")\n"), .module(.overloadsStandardName("print")))
        // Any of its functions, not only the first (a differential seed found `func keep` before `func abs`).
        XCTAssertEqual(
            decide("func keep() {}\nfunc abs(_ x: Double) -> Double { x }\nprint(abs(-3))\n"),
            .module(.overloadsStandardName("abs")))
        XCTAssertEqual(
            decide("func report() {}\n", engine: ["func report() {}\nfunc show() { report() }\n"]),
            .alone(.shadowsEngineName("report")))
        XCTAssertEqual(decide("func twice(_ n: Int) -> Int { 2 * n }\n"), .wrapped(.init()))
    }

    /// A top-level name the engine writes is found by the engine's code at the top level where the standard
    /// library's would be; one the engine binds nearer at every use, or does not build without, is not.
    func testANameTheEngineWritesBuildsAloneWhereTheStandardLibraryDeclaresIt() {
        let engine = [
            "func larger(_ a: Int, _ b: Int) -> Int { max(a, b) }\nfunc show(keys: [String]) { print(keys) }\n"
        ]
        XCTAssertEqual(
            decide("let max = 3\nprint(larger(max, 1))\n", engine: engine), .alone(.hidesNameOfEngine("max")))
        XCTAssertEqual(decide("let keys = [\"a\"]\nshow(keys: keys)\n", engine: engine), .wrapped(.init()))
        XCTAssertEqual(
            decide("let keys = [\"a\"]\n", engine: ["import Foundation\n" + engine[0]]),
            .alone(.hidesNameOfEngine("keys")), "an imported module may declare it")
        XCTAssertEqual(decide("let IntegerLiteralType = 1\n"), .alone(.hidesNameOfEngine("IntegerLiteralType")))
    }

    /// An engine that names a place in its source is one lesson's: every scenario of it is built alone.
    func testAnEngineThatNamesAPlaceBuildsItsScenariosAlone() {
        XCTAssertEqual(
            decide("whereAmI()\n", engine: ["func whereAmI(_ f: String = #fileID) { print(f) }\n"]),
            .alone(.engineUsesWord("#fileID")))
    }

    /// An engine of several files is asked file by file: the word that decides may be in any of them, and a
    /// place word is named as its file writes it first.
    func testEveryFileOfAnEngineIsAsked() {
        let plain = "func larger(_ a: Int, _ b: Int) -> Int { max(a, b) }\nfunc show(keys: [String]) { print(keys) }\n"
        XCTAssertEqual(
            decide("print(1)\n", engine: [plain, "func at(_ l: Int = #line, _ f: String = #function) {}\n"]),
            .alone(.engineUsesWord("#line")))
        let box = "final class Box { weak var next: Box? }\n"
        XCTAssertEqual(
            decide("let b = Box()\nprint(b.next == nil)\n", engine: [plain, box]),
            .wrapped(.init(exitsAtEnd: true)))
        XCTAssertEqual(decide("defer { print(1) }\nprint(2)\n", engine: [plain, box]), .module(.usesWord("defer")))
        XCTAssertEqual(
            decide("let keys = [\"a\"]\n", engine: [plain, "import Foundation\n"]), .alone(.hidesNameOfEngine("keys")))
        XCTAssertEqual(
            MergePolicy.scenario("print(1)\n", engine: [plain, "func later() async {}\n"], languageMode: .swift6),
            .alone(.languageMode(.swift6)))
        XCTAssertEqual(
            MergePolicy.scenario("print(1)\n", engine: [plain, box], languageMode: .swift6),
            .wrapped(.init(exitsAtEnd: true)))
    }
}

/// The standard library's top-level names, read from the toolchain's own interface.
final class StandardNamesTests: XCTestCase {
    func testTheInterfaceGivesTheStandardLibrarysTopLevelNames() throws {
        let names = try XCTUnwrap(StandardNames.current)
        for name in ["abs", "print", "max", "min", "zip", "String", "Set", "IntegerLiteralType", "readLine"] {
            XCTAssertTrue(names.contains(name), name)
        }
        // The implicitly imported modules' names, and the modules' own.
        for name in ["CancellationError", "withUnsafeCurrentTask", "Task", "Regex", "Swift", "_Concurrency"] {
            XCTAssertTrue(names.contains(name), name)
        }
        for name in ["keys", "screen", "tally", "count", "description", "public", "func"] {
            XCTAssertFalse(names.contains(name), name)
        }
    }

    /// The names are kept in the toolchain memo for the files they were read from: a file of the same path,
    /// size and time is not read again; one changed since is.
    func testTheNamesAreKeptForTheInterfacesTheyWereReadFrom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/memo", withIntermediateDirectories: true)
        let kept = ToolchainMemo(folder: folder + "/memo")
        let interface = folder + "/Swift.swiftinterface"
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        func write(_ name: String, at date: Date) throws {
            try ScratchFile.save(
                "// swift-interface-format-version: 1.0\n@inlinable public func \(name)() {}\n", to: interface)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: interface)
        }
        let implicit = Set(StandardNames.implicitModules)
        try write("alpha", at: time)
        XCTAssertEqual(StandardNames.read(interfaces: [interface, nil, nil], kept: kept), implicit.union(["alpha"]))
        try write("gamma", at: time)
        XCTAssertEqual(
            StandardNames.read(interfaces: [interface, nil, nil], kept: kept), implicit.union(["alpha"]),
            "the same path, size and time: the kept names")
        try write("gamma", at: time.addingTimeInterval(1))
        XCTAssertEqual(StandardNames.read(interfaces: [interface, nil, nil], kept: kept), implicit.union(["gamma"]))
        XCTAssertNil(StandardNames.read(interfaces: [nil, interface, nil], kept: kept), "no standard library's")
    }
}

/// A book's program, decided whole: what its blocks together mean otherwise in one function than at the top
/// level of `main.swift`.
final class ProgramPolicyTests: XCTestCase {
    private func block(_ text: String, at line: Int) -> FencedBlock {
        FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString("swift"), openingLine: line,
            closingLine: line + 1 + text.split(separator: "\n").count,
            content: text.split(separator: "\n").enumerated().map {
                SourceLine(number: line + 1 + $0.offset, text: String($0.element), ending: "\n")
            })
    }

    /// A listing is wrapped only when every keyword, attribute and `#` word it uses is on the closed list:
    /// what a scenario may hold, and a type's declarations and modifiers.
    func testAListingIsWrappedOnlyWithWhatTheClosedListKnows() {
        XCTAssertNil(MergePolicy.reasonToBuildListingAlone("struct S { static var n = 0; mutating func f() {} }"))
        XCTAssertNil(MergePolicy.reasonToBuildListingAlone("#if os(Linux)\nprint(1)\n#endif"))
        XCTAssertEqual(MergePolicy.reasonToBuildListingAlone("nonisolated func f() {}"), .usesWord("nonisolated"))
        XCTAssertEqual(MergePolicy.reasonToBuildListingAlone("@objc func f() {}"), .usesWord("@objc"))
        XCTAssertEqual(
            MergePolicy.reasonToBuildListingAlone("typealias IntegerLiteralType = Double"),
            .usesWord("IntegerLiteralType"))
    }

    func testAProgramThatMeansOtherwiseAtTheTopLevelIsBuiltAlone() {
        let decide = { (texts: [String], oneScope: Bool, trap: Bool) in
            MergePolicy.reasonToBuildProgramAlone(
                texts.enumerated().map { SwiftBlock(self.block($0.element, at: 10 * $0.offset + 1).text) },
                oneScope: oneScope,
                expectsTrap: trap)
        }
        XCTAssertEqual(
            decide(["func advice() {}", "func advice() {}\nadvice()"], false, false), .declaresTwice("advice"))
        XCTAssertEqual(
            decide(["var n = 1", "func bump(_ x: inout Int) { x += 1 }\nbump(&n)"], false, false), .usesWord("inout"))
        XCTAssertEqual(decide(["lazy var total = 3\nprint(total)"], false, false), .usesWord("lazy"))
        XCTAssertEqual(decide(["struct S { lazy var total = 3 }"], false, false), nil)
        XCTAssertEqual(decide(["print(1)"], true, true), .expectsRuntimeError)
        XCTAssertEqual(decide(["try check()"], true, false), .usesWord("try"))
        XCTAssertEqual(decide(["let a = 1", "let b = a + 1\nprint(b)"], false, false), nil)
    }
}
