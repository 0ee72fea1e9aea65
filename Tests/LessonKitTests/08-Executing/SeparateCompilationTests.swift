import Foundation
import XCTest

@testable import LessonKit

/// Merged programs built from an engine's objects: the driver's commands read from `swiftc -###`, the
/// objects compiled once and kept in the cache, and a set that no longer links replaced.
final class SeparateCompilationTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("separate-\(getpid())-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What the Linux driver prints: the temporary object and library list become the build's own paths.
    static let linuxCommands = [
        "/opt/swift/bin/swift-frontend -frontend -c -primary-file /w/main.swift -target x86_64-unknown-linux-gnu"
            + " -swift-version 5 -Onone -module-name main -o /tmp/TemporaryDirectory.abc/main-1.o",
        "/opt/swift/bin/swift-autolink-extract /tmp/TemporaryDirectory.abc/main-1.o"
            + " -o /tmp/TemporaryDirectory.abc/program-1.autolink",
        "/opt/swift/bin/clang -pie '/opt/my swift/swiftrt.o' /tmp/TemporaryDirectory.abc/main-1.o"
            + " @/tmp/TemporaryDirectory.abc/program-1.autolink -lswiftCore -o /w/program",
    ]

    func testTheRecipeIsReadFromTheDriversCommands() throws {
        let recipe = try XCTUnwrap(
            SeparateCompilation.recipe(
                from: Self.linuxCommands.map(ShellWords.split), source: "/w/main.swift", program: "/w/program"))
        XCTAssertEqual(
            recipe.frontend,
            [
                "/opt/swift/bin/swift-frontend", "-frontend", "-c", "-target", "x86_64-unknown-linux-gnu",
                "-swift-version", "5", "-Onone", "-module-name", "main",
            ])
        let (compile, objects) = recipe.compileCommand(
            inputs: ["/b/Engine.swift", "/b/main.swift"], primaries: ["/b/main.swift"])
        XCTAssertEqual(
            Array(compile.suffix(5)), ["/b/Engine.swift", "-primary-file", "/b/main.swift", "-o", "/b/main.o"])
        XCTAssertEqual(objects, ["/b/main.o"])
        XCTAssertEqual(
            recipe.extractionCommand(objects: ["/e/Engine.o", "/b/main.o"], libraryList: "/e/libraries.autolink"),
            ["/opt/swift/bin/swift-autolink-extract", "/e/Engine.o", "/b/main.o", "-o", "/e/libraries.autolink"])
        XCTAssertEqual(
            recipe.linkCommand(
                objects: ["/e/Engine.o", "/b/main.o"], output: "/b/scenarios", libraryList: "/e/libraries.autolink"),
            [
                "/opt/swift/bin/clang", "-pie", "/opt/my swift/swiftrt.o", "/e/Engine.o", "/b/main.o",
                "@/e/libraries.autolink", "-lswiftCore", "-o", "/b/scenarios",
            ])
        // The native support is compiled by the `clang` the driver links with; by the one beside `swiftc`
        // where the link starts another program.
        let toolchain = Toolchain(swiftc: try TestSupport.toolchain().swiftc, swiftFrontend: nil)
        XCTAssertEqual(recipe.cCompiler(toolchain), "/opt/swift/bin/clang")
        var otherLinker = recipe
        otherLinker.link[0] = .literal("/usr/bin/ld")
        XCTAssertEqual(otherLinker.cCompiler(toolchain), toolchain.tool("clang"))
        XCTAssertNotNil(toolchain.tool("clang"))
    }

    /// The driver is asked once per process however often its commands are wanted, the answer of a
    /// question asked early (`prefetch`) included; a driver that could not be asked is asked again.
    func testTheDriverIsAskedOnceAndAgainAfterAFailure() throws {
        let real = try TestSupport.toolchain()
        let log = folder + "/calls.log"
        let failing = folder + "/failing"
        let wrapper = folder + "/swiftc"
        try Data("#!/bin/sh\necho asked >> \(log)\n[ -e \(failing) ] && exit 1\nexec \(real.swiftc) \"$@\"\n".utf8)
            .write(to: URL(fileURLWithPath: wrapper))
        chmod(wrapper, 0o755)
        let toolchain = Toolchain(swiftc: wrapper, swiftFrontend: real.swiftFrontend)
        let arguments = SwiftCompiler.arguments(languageMode: .swift5).filter { $0 != "-wmo" }
        func asked() throws -> Int { try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count }
        let recipes = DriverRecipe()

        FileManager.default.createFile(atPath: failing, contents: nil)
        XCTAssertThrowsError(try recipes.learn(toolchain: toolchain, arguments: arguments))
        XCTAssertEqual(try asked(), 1)
        try FileManager.default.removeItem(atPath: failing)
        recipes.prefetch(toolchain: toolchain, arguments: arguments)
        let first = try recipes.learn(toolchain: toolchain, arguments: arguments)
        XCTAssertNotNil(first)
        XCTAssertEqual(try recipes.learn(toolchain: toolchain, arguments: arguments), first)
        recipes.settle()
        XCTAssertEqual(try asked(), 2)
    }

    /// What `clang -###` prints for the recipe's link: its one command, with the placeholders made the
    /// recipe's words; anything else (two commands, a placeholder missing, the scratch folder left in a word)
    /// gives no direct link, and `clang` links.
    func testTheLinkersOwnCommandIsReadFromWhatClangPrints() throws {
        let scratch = "/tmp/lesson-driver-x"
        let (object, program) = (scratch + "/lesson-placeholder.o", scratch + "/lesson-placeholder")
        let header = "clang version 17.0.0\nTarget: x86_64-unknown-linux-gnu\nInstalledDir: /opt/swift/usr/bin\n"
        let line =
            #" "/opt/swift/usr/bin/ld.lld" "-pie" "-o" "\#(program)" "/lib/Scrt1.o" "-L/opt/swift/lib" "#
            + #""\#(object)" "\#(DirectLink.listMarker)" "-lswiftCore" "-lc""#
        let words = try XCTUnwrap(
            DirectLink.words(from: header + line + "\n", object: object, program: program, folder: scratch))
        XCTAssertEqual(
            words,
            [
                .literal("/opt/swift/usr/bin/ld.lld"), .literal("-pie"), .literal("-o"), .output,
                .literal("/lib/Scrt1.o"), .literal("-L/opt/swift/lib"), .objects, .libraryListResponse,
                .literal("-lswiftCore"), .literal("-lc"),
            ])
        let recipe = SeparateCompilation(frontend: [], libraryExtraction: [], link: [], directLink: words)
        let list = folder + "/libraries.autolink"
        try Data("-lswiftCore\n-lm\n".utf8).write(to: URL(fileURLWithPath: list))
        XCTAssertEqual(
            recipe.linkCommand(objects: ["/b/a.o", "/b/b.o"], output: "/b/scenarios", libraryList: list),
            [
                "/opt/swift/usr/bin/ld.lld", "-pie", "-o", "/b/scenarios", "/lib/Scrt1.o", "-L/opt/swift/lib",
                "/b/a.o", "/b/b.o", "@" + list, "-lswiftCore", "-lc",
            ])
        // A list with something other than libraries is `clang`'s to read (here, its link: none).
        try Data("-lswiftCore\n-Xlinker\n--no-undefined\n".utf8).write(to: URL(fileURLWithPath: list))
        XCTAssertEqual(recipe.linkCommand(objects: ["/b/a.o"], output: "/b/scenarios", libraryList: list), [])

        XCTAssertNil(
            DirectLink.words(from: line + "\n" + line + "\n", object: object, program: program, folder: scratch))
        XCTAssertNil(
            DirectLink.words(
                from: line.replacingOccurrences(of: DirectLink.listMarker, with: "-lother"), object: object,
                program: program, folder: scratch))
        XCTAssertNil(
            DirectLink.words(
                from: line + #" "\#(scratch)/extra.o""#, object: object, program: program, folder: scratch))
    }

    /// On this machine, where `swiftc` links through `clang`, the recipe holds the linker's own command, and
    /// programs linked with it run (every merged program of the other tests is).
    func testTheRecipeLearntHereLinksWithoutClang() throws {
        let toolchain = try TestSupport.toolchain()
        let recipe = try XCTUnwrap(
            try DriverRecipe().learn(toolchain: toolchain, arguments: EngineObjects.driverArguments(toolchain)))
        guard case .literal(let driver)? = recipe.link.first, driver.hasSuffix("/clang") else {
            throw XCTSkip("the driver links with \(recipe.link.first.map { "\($0)" } ?? "nothing"), not clang")
        }
        let direct = try XCTUnwrap(recipe.directLink)
        guard case .literal(let linker)? = direct.first else { return XCTFail("\(direct)") }
        XCTAssertFalse(linker.hasSuffix("clang"), linker)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: linker), linker)
    }

    /// A linker's command that no longer links (learnt when the machine was otherwise: here a linker that
    /// always fails) leaves the link to `clang`, and the program links and runs.
    func testALinkTheLinkersOwnCommandFailsGoesThroughClang() throws {
        let toolchain = try TestSupport.toolchain()
        var recipe = try XCTUnwrap(
            try DriverRecipe().learn(toolchain: toolchain, arguments: EngineObjects.driverArguments(toolchain)))
        guard var direct = recipe.directLink else { throw XCTSkip("the driver does not link through clang here") }
        direct[0] = .literal("/bin/false")
        recipe.directLink = direct
        let compiler = SwiftCompiler(toolchain: toolchain, timeout: 60)
        let source = folder + "/main.swift"
        try Data("print(\"linked\")\n".utf8).write(to: URL(fileURLWithPath: source))
        let builder = ProgramBuilder(compiler: compiler, recipe: recipe, directory: folder)
        let (compiled, objects) = try builder.compile(.objects(inputs: [source], primaries: [source]))
        XCTAssertTrue(compiled.succeeded, compiled.output)
        let linked = try builder.link(objects, into: folder + "/program")
        XCTAssertTrue(linked.build.succeeded, linked.build.output)
        let run = try Subprocess.run(
            folder + "/program", arguments: [], environment: [:], limits: ProcessLimits(timeout: 10, outputLimit: 1024))
        XCTAssertEqual(String(decoding: run.standardOutput, as: UTF8.self), "linked\n")
    }

    /// Commands of another shape give no recipe: programs are then built by `swiftc` as a whole.
    func testCommandsOfAnotherShapeGiveNoRecipe() {
        let commands = Self.linuxCommands.map(ShellWords.split)
        var extraTemporary = commands
        extraTemporary[2].append("/tmp/TemporaryDirectory.abc/extra.o")
        var batch = commands
        batch.insert(commands[0], at: 1)
        var noFrontend = commands
        noFrontend[0][1] = "-c"
        // The program's path spelled otherwise than it was given (`/w/./program`) stays in the link.
        var otherSpelling = commands
        otherSpelling[2][otherSpelling[2].count - 1] = "/w/./program"
        for (name, shape) in [
            ("the program spelled otherwise", otherSpelling),
            ("a temporary file left", extraTemporary), ("two frontends", batch), ("no frontend", noFrontend),
        ] {
            XCTAssertNil(
                SeparateCompilation.recipe(from: shape, source: "/w/main.swift", program: "/w/program"), name)
        }
    }

    /// A temporary folder given as `/tmp/x/./` still gives a recipe whose paths are all replaced: the driver
    /// prints paths in their normal form, and they are compared in that form.
    func testATemporaryFolderSpelledOddlyStillGivesTheRecipe() throws {
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", folder + "/./", 1)
        defer { _ = previous.map { setenv("TMPDIR", $0, 1) } ?? unsetenv("TMPDIR") }
        let recipe = try XCTUnwrap(
            try SeparateCompilation.learn(toolchain: try TestSupport.toolchain(), arguments: ["-module-name", "main"]))
        XCTAssertEqual(recipe.link.filter { $0 == .output }.count, 1)
        let literals =
            recipe.frontend
            + ((recipe.libraryExtraction ?? []) + recipe.link).compactMap {
                if case .literal(let text) = $0 { text } else { nil }
            }
        XCTAssertEqual(literals.filter { $0.contains("lesson-driver") }, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "the driver's folder goes")
    }

    func testShellWordsAreSplitAsAShellWould() {
        XCTAssertEqual(
            ShellWords.split(#"a 'b c' "d \"e\" \$f" g\ h  'it'\''s' "" x"#),
            ["a", "b c", #"d "e" $f"#, "g h", "it's", "", "x"])
    }

    /// A checker with the fixtures' options and its cache in `folder/cache`.
    private func cachingChecker(toolchain: Toolchain? = nil) throws -> LessonChecker {
        TestSupport.enterPackageRoot()
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder + "/cache"
        return LessonChecker(options: options, toolchain: try toolchain ?? TestSupport.toolchain())
    }

    /// A scenario of the Sync engine that passes, labelled `label`.
    static func scenario(_ label: String) -> String {
        "```swift\n// main.swift — \(label)\nlet screen = Screen(\"\(label)\")\nscreen.set(\"title\", \"A\")\n"
            + "print(verdict(model: \"A\", shown: screen.shown[\"title\"]))\n```\n\n```\nuyumlu\n```\n"
    }

    /// A lesson of the Sync engine with one passing scenario per label.
    static func lesson(_ labels: [String]) -> String {
        "---\nengine: Sync\n---\n\n" + labels.map(scenario).joined(separator: "\n")
    }

    /// A caching checker that has checked a lesson of two passing scenarios, the lesson, and the folder of
    /// the sets it kept.
    private func checkTwoScenarios() throws -> (checker: LessonChecker, lesson: String, objects: String) {
        let checker = try cachingChecker()
        let lesson = folder + "/lesson.md"
        try Data(Self.lesson(["first", "second"]).utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 2, failed: 0, skipped: 0))
        return (checker, lesson, folder + "/cache/objects")
    }

    /// A set's library list that does not link (here, naming a library that does not exist) is not the end:
    /// the libraries of all the program's objects are listed again, and the set is kept with that list.
    func testALibraryListThatDoesNotLinkIsListedAgain() throws {
        let (checker, lesson, objects) = try checkTwoScenarios()
        let sets = try Self.sets(in: objects)
        let set = try XCTUnwrap(sets.engine)
        let list = objects + "/" + set + "/libraries.autolink"
        try Data("-lno-such-library-anywhere\n".utf8).write(to: URL(fileURLWithPath: list))

        try Data(Self.lesson(["first", "second", "third"]).utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        XCTAssertEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: objects)), [set, try XCTUnwrap(sets.support)])
        let replaced = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(replaced.contains("-lno-such-library-anywhere"), "the list that linked replaces it")
        XCTAssertTrue(replaced.contains("-lswiftCore"))
    }

    /// The first check keeps the engine's objects in the cache; the next ones link with them. Sets that no
    /// longer link (a truncated object) are removed with the support's and the program built whole; the next
    /// check that builds keeps them again.
    func testEngineObjectsAreKeptAndASetThatDoesNotLinkIsReplaced() throws {
        let checker = try cachingChecker()
        let lesson = folder + "/lesson.md"
        let scenario = Self.scenario
        let text = Self.lesson(["first", "second", "third"])
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        let objects = folder + "/cache/objects"
        func sets() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: objects).filter { !$0.hasPrefix(".") }
        }

        let first = checker.check(files: [lesson])
        XCTAssertEqual(first.totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        let set = try XCTUnwrap(try Self.sets(in: objects).engine)
        let support = try XCTUnwrap(try Self.sets(in: objects).support)
        // The native support is a set of its own, the same for every engine.
        XCTAssertEqual(Set(try sets()), [set, support])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: objects + "/" + set).sorted(),
            ["Sync.o", "complete", "libraries.autolink"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: objects + "/" + support).sorted(),
            ["_LessonSupport.o", "complete", "libraries.autolink"])

        let edited = text + "\n" + scenario("fourth")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: lesson))
        let truncated = objects + "/" + set + "/Sync.o"
        let original = try Data(contentsOf: URL(fileURLWithPath: truncated))
        try original.prefix(100).write(to: URL(fileURLWithPath: truncated))
        let afterTruncation = checker.check(files: [lesson])
        XCTAssertEqual(afterTruncation.totals, CheckReport.Totals(passed: 4, failed: 0, skipped: 0))
        // A link does not say which set is cut short: the engine's and the support's go, and are compiled again.
        XCTAssertEqual(try sets(), [], "the sets that did not link are removed")

        let editedAgain = text + "\n" + scenario("fifth")
        try Data(editedAgain.utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 4, failed: 0, skipped: 0))
        XCTAssertEqual(Set(try sets()), [set, support])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: truncated)).count, original.count)
    }
}

extension SeparateCompilationTests {
    /// Merged programs run their scenarios in batches wherever they are compiled file by file, however few:
    /// the native support they link runs batches, and costs nothing more for it. Built whole by `swiftc`
    /// (no recipe), each run is a process of its own, as is a single run.
    func testRunsGoInBatchesWhereProgramsLinkTheNativeSupport() throws {
        var executor = Executor(
            compiler: SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60),
            runner: ScenarioRunner(limits: ProcessLimits(timeout: 5, outputLimit: 1 << 16)), strategy: .merged,
            jobs: 2)
        XCTAssertFalse(executor.runsInBatches(3), "built whole")
        let store = try store(cacheDirectory: nil)
        defer { store.close() }
        executor.engineObjects = store
        XCTAssertTrue(executor.runsInBatches(2))
        XCTAssertFalse(executor.runsInBatches(1))
    }

    /// Scenarios that call into the C math library without importing anything (at -Onone,
    /// `Double.rounded()` calls libm's `round`, which `ld.lld` finds in no library Swift's own objects
    /// list) link with the kept sets: the native support names the C library's libraries, as a Swift
    /// support importing its module did. Should they not link, the sets would be discarded.
    func testAScenarioThatRoundsLinksWithTheKeptSets() throws {
        let checker = try cachingChecker()
        let lesson = folder + "/lesson.md"
        let rounding = (1...2).map { label in
            "```swift\n// main.swift — \(label)\nlet half = Double(CommandLine.arguments.count) + 0.5\n"
                + "print(half.rounded(), \(label))\n```\n\n```\n2.0 \(label)\n```\n"
        }
        let text = "---\nengine: Sync\n---\n\n" + rounding.joined(separator: "\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 2, failed: 0, skipped: 0))
        let sets = try Self.sets(in: folder + "/cache/objects")
        XCTAssertNotNil(sets.engine, "the engine's set is kept")
        XCTAssertNotNil(sets.support, "the native support's set is kept")
    }

    /// A support's set that is gone (pruned, or removed by another check) is compiled again beside the
    /// program, which still links with the engine's kept set, and kept again.
    func testASupportSetThatIsGoneIsCompiledAgainAndTheEnginesSetStays() throws {
        let (checker, lesson, objects) = try checkTwoScenarios()
        let engine = try XCTUnwrap(try Self.sets(in: objects).engine)
        let support = try XCTUnwrap(try Self.sets(in: objects).support)
        let engineObject = objects + "/" + engine + "/Sync.o"
        let compiled = try FileManager.default.attributesOfItem(atPath: engineObject)[.modificationDate] as? Date
        try FileManager.default.removeItem(atPath: objects + "/" + support)

        try Data(Self.lesson(["first", "second", "third"]).utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        let names = try FileManager.default.contentsOfDirectory(atPath: objects).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(Set(names), [engine, support])
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: engineObject)[.modificationDate] as? Date, compiled,
            "the engine's objects are the first check's")
    }

    /// The kept sets in `objects`: the engine's (with `Sync.o`) and the native support's.
    static func sets(in objects: String) throws -> (engine: String?, support: String?) {
        let names = try FileManager.default.contentsOfDirectory(atPath: objects).filter { !$0.hasPrefix(".") }
        func holding(_ file: String) -> String? {
            names.first { FileManager.default.fileExists(atPath: objects + "/" + $0 + "/" + file) }
        }
        return (holding("Sync.o"), holding("_LessonSupport.o"))
    }

    /// A store of sets in the cache folder, with the recipe of this toolchain's driver.
    private func store(cacheDirectory: String?) throws -> EngineObjects {
        let toolchain = try TestSupport.toolchain()
        let recipe = try XCTUnwrap(
            try SeparateCompilation.learn(toolchain: toolchain, arguments: ["-module-name", "main", "-Onone"]))
        return try EngineObjects(recipe: recipe, keys: CacheKeys(toolchain: toolchain), cacheDirectory: cacheDirectory)
    }

    /// Past `maxSets`, keeping a set removes the least recently used ones, and scratch folders that a killed
    /// check left an hour ago; a fresh scratch folder (a check keeping a set now) stays. The kept set holds
    /// copies of the objects and the library list.
    func testTheLeastRecentlyUsedSetsAndStaleScratchFoldersArePruned() throws {
        let store = try store(cacheDirectory: folder)
        let objects = folder + "/objects"
        func age(_ name: String, hours: Double) throws {
            let path = objects + "/" + name
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let date = Date(timeIntervalSinceNow: -hours * 3600)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        for index in 0..<EngineObjects.maxSets { try age("set-\(index)", hours: Double(EngineObjects.maxSets - index)) }
        let stale = AtomicFile.temporaryPrefix + "objects-stale"
        let fresh = AtomicFile.temporaryPrefix + "objects-fresh"
        try age(stale, hours: 2)
        try age(fresh, hours: 0)

        let engine = [ProgramFile(name: "Engine.swift", contents: "func twice(_ x: Int) -> Int { x * 2 }\n")]
        XCTAssertNil(store.kept(engine))
        try Data("object".utf8).write(to: URL(fileURLWithPath: folder + "/Engine.o"))
        try Data("-lswiftCore\n".utf8).write(to: URL(fileURLWithPath: folder + "/program.autolink"))
        store.keep(engine, objects: [folder + "/Engine.o"], libraryList: folder + "/program.autolink")
        let kept = try XCTUnwrap(store.kept(engine))
        let set = (kept.libraryList as NSString).deletingLastPathComponent
        XCTAssertEqual(kept.objects, [set + "/Engine.o"])
        XCTAssertEqual(kept.libraryList, set + "/libraries.autolink")
        XCTAssertEqual(try String(contentsOfFile: kept.objects[0], encoding: .utf8), "object")
        XCTAssertEqual(try String(contentsOfFile: kept.libraryList, encoding: .utf8), "-lswiftCore\n")

        let left = Set(try FileManager.default.contentsOfDirectory(atPath: objects))
        XCTAssertEqual(left.count, EngineObjects.maxSets + 1, "64 sets and the fresh scratch folder")
        XCTAssertTrue(left.contains((set as NSString).lastPathComponent))
        XCTAssertFalse(left.contains("set-0"), "the least recently used set is removed")
        XCTAssertTrue(left.contains("set-1"))
        XCTAssertFalse(left.contains(stale))
        XCTAssertTrue(left.contains(fresh))
    }

    /// A program whose engine does not compile keeps no set of the engine (the native support's, compiled
    /// beside it, is kept): its scenarios are built alone, and the report names the engine's error at its
    /// line.
    func testAnEngineThatDoesNotCompileKeepsNoSet() throws {
        let checker = try cachingChecker()
        let lesson = folder + "/lesson.md"
        let text =
            "```swift\n// Engine.swift — broken\nfunc twice(_ x: Int) -> Int { x * }\n```\n\n"
            + "```swift\n// main.swift — one\nprint(twice(1))\n```\n\n```\n2\n```\n\n"
            + "```swift\n// main.swift — two\nprint(twice(2))\n```\n\n```\n4\n```\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        let report = checker.check(files: [lesson])
        XCTAssertEqual(report.totals, CheckReport.Totals(passed: 0, failed: 2, skipped: 0))
        XCTAssertEqual(
            TextReporter(useColor: false).render(report).split(separator: "\n").filter { $0.hasPrefix(lesson) },
            [
                "\(lesson):3:35: error: expected expression after operator",
                "\(lesson):6: error: not built: the lesson's engine file Engine.swift does not build (line 3)",
                "\(lesson):15: error: not built: the lesson's engine file Engine.swift does not build (line 3)",
            ])
        let objects = folder + "/cache/objects"
        let sets = try FileManager.default.contentsOfDirectory(atPath: objects).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(sets, [try XCTUnwrap(try Self.sets(in: objects).support)])
    }

    /// Without a cache folder, the sets last one run.
    func testARunsOwnSetsGoWithIt() throws {
        let store = try store(cacheDirectory: nil)
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.folder))
        store.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.folder))
    }
}

extension SeparateCompilationTests {
    /// A driver that prints commands of another shape (as another platform's would) leaves merged programs
    /// to `swiftc` as a whole: the report is the same, no engine object is compiled, and the driver is not
    /// asked again by the next check (once for merged builds, its answer kept in the cache, and once a
    /// process for programs built whole).
    func testADriverOfAnotherShapeLeavesProgramsWhole() throws {
        TestSupport.enterPackageRoot()
        let real = try TestSupport.toolchain()
        let log = folder + "/asked.log"
        let swiftc = folder + "/swiftc"
        let script = """
            #!/bin/sh
            if [ "$1" = "-###" ]; then
                case " $* " in *" -wmo "*) echo whole;; *) echo separate;; esac >> \(log)
                echo "/usr/bin/ld -o program main.o"; exit 0
            fi
            exec \(real.swiftc) "$@"

            """
        try TestSupport.executableScript(script, at: swiftc)
        let checker = try cachingChecker(toolchain: Toolchain(swiftc: swiftc, swiftFrontend: real.swiftFrontend))
        let lesson = folder + "/lesson.md"
        try Data(Self.lesson(["first", "second"]).utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 2, failed: 0, skipped: 0))
        try Data(Self.lesson(["first", "second", "third"]).utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 3, failed: 0, skipped: 0))
        XCTAssertEqual(
            try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").sorted(), ["separate", "whole"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/cache/objects"))
    }
}

extension SeparateCompilationTests {
    /// A program built whole (here, the isolated strategy's) runs the driver's own commands, asked for once
    /// (`swiftc -### -wmo …`), not the driver: two scenarios built alone start `swiftc` once, to print them.
    func testProgramsBuiltWholeRunTheDriversCommandsWithoutTheDriver() throws {
        TestSupport.enterPackageRoot()
        let real = try TestSupport.toolchain()
        let log = folder + "/started.log"
        let swiftc = try TestSupport.loggingSwiftc(in: folder, log: log)
        var options = TestSupport.fixtureOptions
        options.execution.strategy = .isolated
        let checker = LessonChecker(
            options: options, toolchain: Toolchain(swiftc: swiftc, swiftFrontend: real.swiftFrontend))
        let lesson = folder + "/lesson.md"
        try Data(Self.lesson(["first", "second"]).utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(checker.check(files: [lesson]).totals, CheckReport.Totals(passed: 2, failed: 0, skipped: 0))
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "-###\n")
    }
}

extension SeparateCompilationTests {
    /// Programs built whole whose objects ask for the same libraries share one extraction of the list: a
    /// second program of the same imports does not start `swift-autolink-extract`.
    func testProgramsBuiltWholeOfTheSameLibrariesExtractTheirListOnce() throws {
        let real = try TestSupport.toolchain()
        let log = folder + "/extractions.log"
        let extract = folder + "/extract"
        let swiftc = folder + "/swiftc"
        try TestSupport.executableScript(
            "#!/bin/sh\necho extracted >> \(log)\nexec \(try XCTUnwrap(real.tool("swift-autolink-extract"))) \"$@\"\n",
            at: extract)
        let script = """
            #!/bin/sh
            if [ "$1" = "-###" ]; then
                \(real.swiftc) "$@" | sed 's|[^ ]*/swift-autolink-extract |\(extract) |'; exit 0
            fi
            exec \(real.swiftc) "$@"

            """
        try TestSupport.executableScript(script, at: swiftc)
        var compiler = SwiftCompiler(toolchain: Toolchain(swiftc: swiftc, swiftFrontend: real.swiftFrontend))
        compiler.libraryLists = LibraryListMemo(kept: nil)
        for number in [1, 2] {
            let directory = try WorkDirectory.create(prefix: "lesson-test")
            defer { directory.remove() }
            let built = try compiler.build(
                [ProgramFile(name: "main.swift", contents: "print(\(number))\n")], languageMode: .swift5,
                in: directory.path,
                output: "program")
            XCTAssertTrue(built.succeeded, built.output)
            let ran = try Subprocess.run(
                directory.path + "/program", arguments: [], environment: [:],
                limits: ProcessLimits(timeout: 30, outputLimit: 1 << 16))
            XCTAssertEqual(String(decoding: ran.standardOutput, as: UTF8.self), "\(number)\n")
        }
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "extracted\n")
    }
}
