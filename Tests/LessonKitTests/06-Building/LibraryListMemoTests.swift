import Foundation
import XCTest

@testable import LessonKit

/// The libraries of a program's objects listed once a check for every set of autolink entries: the entries
/// read from the objects, the list the toolchain's extraction wrote for the same entries reused.
final class LibraryListMemoTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("autolink-\(getpid())-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func recipe() throws -> SeparateCompilation {
        let toolchain = try TestSupport.toolchain()
        let recipe = try XCTUnwrap(
            try SeparateCompilation.learn(toolchain: toolchain, arguments: EngineObjects.driverArguments(toolchain)))
        guard recipe.libraryExtraction != nil else { throw XCTSkip("this platform lists no libraries") }
        return recipe
    }

    /// Compiles `source` (as `main.swift` in a folder named `name`) into its object.
    private func object(_ name: String, _ source: String, recipe: SeparateCompilation) throws -> String {
        let directory = folder + "/" + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/main.swift"
        try ScratchFile.save(source, to: path)
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60)
        let builder = ProgramBuilder(compiler: compiler, recipe: recipe, directory: directory)
        let (compiled, objects) = try builder.compile(.objects(inputs: [path], primaries: [path]))
        XCTAssertTrue(compiled.succeeded, compiled.output)
        return try XCTUnwrap(objects.first)
    }

    /// The list the toolchain's extraction writes for `objects`.
    private func extracted(_ objects: [String], recipe: SeparateCompilation, name: String) throws -> String {
        let directory = folder + "/" + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60)
        // A memo of its own, kept nowhere: the toolchain's extraction runs.
        let builder = ProgramBuilder(
            compiler: compiler, recipe: recipe, directory: directory, libraryLists: LibraryListMemo(kept: nil))
        XCTAssertTrue(try builder.listLibraries(of: objects).succeeded)
        return try String(contentsOfFile: builder.libraryList, encoding: .utf8)
    }

    static let plain = "print(1)\n"
    static let withAType = "struct Box { var size = 2 }\nprint(Box())\n"
    static let withFoundation = "import Foundation\nprint(Date.distantPast.timeIntervalSince1970 < 0)\n"

    /// Two programs that import the same modules have the same entries, and the extraction writes the same
    /// list for them; a program that imports Foundation has other entries, and another list.
    func testObjectsOfTheSameEntriesHaveTheSameList() throws {
        let recipe = try recipe()
        let plain = try object("plain", Self.plain, recipe: recipe)
        let typed = try object("typed", Self.withAType, recipe: recipe)
        let foundation = try object("foundation", Self.withFoundation, recipe: recipe)
        let memo = LibraryListMemo()
        let plainKey = try XCTUnwrap(memo.key(for: [plain]))
        XCTAssertEqual(memo.key(for: [typed]), plainKey)
        XCTAssertNotEqual(memo.key(for: [foundation]), plainKey)
        XCTAssertNotEqual(memo.key(for: [plain, plain]), plainKey, "each object's entries count")

        let plainList = try extracted([plain], recipe: recipe, name: "plain")
        XCTAssertEqual(try extracted([typed], recipe: recipe, name: "typed"), plainList)
        let foundationList = try extracted([foundation], recipe: recipe, name: "foundation")
        XCTAssertTrue(foundationList.split(separator: "\n").contains("-lFoundation"), foundationList)
        XCTAssertFalse(plainList.split(separator: "\n").contains("-lFoundation"), plainList)
    }

    /// The entries are the bytes of the object's autolink section: NUL-terminated linker flags. A file that
    /// is not a 64-bit ELF object, or whose section headers lie past its end, has none that can be read.
    func testEntriesAreReadFromTheObjectsAutolinkSection() throws {
        let plain = try object("plain", Self.plain, recipe: try recipe())
        let entries = try XCTUnwrap(AutolinkEntries.of(objectAt: plain))
        XCTAssertEqual(entries.last, 0)
        let flags = entries.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(flags.contains("-lswiftCore"), "\(flags)")
        XCTAssertTrue(flags.allSatisfy { $0.hasPrefix("-l") }, "\(flags)")

        let bytes = try Data(contentsOf: URL(fileURLWithPath: plain))
        let text = folder + "/text.o"
        try ScratchFile.save("-lswiftCore\n", to: text)
        XCTAssertNil(AutolinkEntries.of(objectAt: text))
        let cut = folder + "/cut.o"
        try ScratchFile.save(bytes.prefix(bytes.count / 2), to: cut)
        XCTAssertNil(AutolinkEntries.of(objectAt: cut), "section headers are at the end of the file")
        // The section headers' offset (e_shoff, at 0x28) past every file: no entries, and no trap.
        var far = [UInt8](bytes)
        far.replaceSubrange(0x28..<0x30, with: [UInt8](repeating: 0xFF, count: 8))
        try ScratchFile.save(far, to: folder + "/far.o")
        XCTAssertNil(AutolinkEntries.of(objectAt: folder + "/far.o"))
        XCTAssertNil(AutolinkEntries.of(objectAt: folder + "/missing.o"))
    }

    /// Programs whose objects have the same entries are linked with the list extracted for the first: the
    /// extraction (here counted by a shell that starts it) runs once, and both programs run.
    func testTheExtractionRunsOnceForObjectsOfTheSameEntries() throws {
        var recipe = try recipe()
        let log = folder + "/extractions"
        let counting: [SeparateCompilation.Word] = [
            .literal("/bin/sh"), .literal("-c"), .literal("echo extracted >> '\(log)'; exec \"$@\""), .literal("sh"),
        ]
        recipe.libraryExtraction = counting + (recipe.libraryExtraction ?? [])
        let toolchain = try TestSupport.toolchain()
        let store = try EngineObjects(
            recipe: recipe, keys: CacheKeys(toolchain: toolchain), cacheDirectory: nil,
            libraryLists: LibraryListMemo(kept: nil))
        defer { store.close() }
        let compiler = SwiftCompiler(toolchain: toolchain, timeout: 60)
        var lists: [String] = []
        for (name, source) in [("plain", Self.plain), ("typed", Self.withAType)] {
            let object = try object(name, source, recipe: recipe)
            let builder = ProgramBuilder(
                compiler: compiler, recipe: recipe, directory: folder + "/" + name, libraryLists: store.libraryLists)
            let linked = try builder.link([object], into: folder + "/" + name + "/program")
            XCTAssertTrue(linked.build.succeeded, linked.build.output)
            lists.append(try String(contentsOfFile: builder.libraryList, encoding: .utf8))
            let run = try Subprocess.run(
                folder + "/" + name + "/program", arguments: [], environment: [:],
                limits: ProcessLimits(timeout: 10, outputLimit: 1024))
            XCTAssertEqual(run.termination, .exited(0))
        }
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "extracted\n")
        XCTAssertEqual(lists[1], lists[0])
        XCTAssertEqual(lists[0], try extracted([folder + "/plain/main.o"], recipe: try self.recipe(), name: "again"))
    }

    /// A list is kept in the user's toolchain memo: the next process (a memo of its own, the same memo folder)
    /// links objects of the same entries without the extraction, with the same list; an extraction of
    /// another command (another toolchain's) is not answered by it.
    func testAListIsKeptForTheNextProcessOfTheSameExtraction() throws {
        let plain = try recipe()
        let kept = ToolchainMemo(folder: folder + "/memo")
        try FileManager.default.createDirectory(atPath: kept.folder, withIntermediateDirectories: true)
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60)
        let object = try object("plain", Self.plain, recipe: plain)
        /// Lists the libraries of `object` in a process's memo of its own, with an extraction that counts its
        /// runs in `log`: the list, and how many times that extraction has run.
        func list(_ name: String, log: String) throws -> (list: String, runs: Int) {
            var recipe = plain
            recipe.libraryExtraction =
                [.literal("/bin/sh"), .literal("-c"), .literal("echo x >> '\(log)'; exec \"$@\""), .literal("sh")]
                + (plain.libraryExtraction ?? [])
            let directory = folder + "/" + name
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let builder = ProgramBuilder(
                compiler: compiler, recipe: recipe, directory: directory, libraryLists: LibraryListMemo(kept: kept))
            XCTAssertTrue(try builder.listLibraries(of: [object]).succeeded)
            let runs = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").count ?? 0
            return (try String(contentsOfFile: builder.libraryList, encoding: .utf8), runs)
        }
        let first = try list("first", log: folder + "/one")
        let next = try list("next", log: folder + "/one")
        let other = try list("other", log: folder + "/two")
        XCTAssertEqual([first.runs, next.runs, other.runs], [1, 1, 1])
        XCTAssertEqual(next.list, first.list)
        XCTAssertEqual(other.list, first.list)
        XCTAssertEqual(first.list, try extracted([object], recipe: plain, name: "again"))
    }

    /// Only a list of libraries, for few entries, from a build that keeps it, is kept for the next process: a
    /// list with a linker flag, a path, a name too long, no final line break or an empty line, one for
    /// entries past `largestKeptEntries`, or one a grading listed, is this process's alone.
    func testOnlyAListOfLibrariesIsKeptForTheNextProcess() throws {
        let kept = ToolchainMemo(folder: folder + "/memo")
        try FileManager.default.createDirectory(atPath: kept.folder, withIntermediateDirectories: true)
        let long = "-l" + String(repeating: "a", count: 129) + "\n"
        let small = Array("entries".utf8)
        let large = [UInt8](repeating: 0x41, count: LibraryListMemo.largestKeptEntries + 1)
        let cases: [(list: String, entries: [UInt8], keeping: Bool)] = [
            ("-lswiftCore\n-lm\n", small, true), ("-lswiftCore\n-Wl,--wrap=main\n", small, true),
            ("-lswiftCore\n/tmp/evil.o\n", small, true), ("-lswiftCore", small, true),
            ("-lswiftCore\n\n-lm\n", small, true), ("\n", small, true), (long, small, true),
            ("-l" + String(repeating: "a", count: 128) + "\n", small, true), ("-lswiftCore\n", large, true),
            ("-lswiftCore\n", small, false),
        ]
        var next: [Bool] = []
        for (index, (list, entries, keeping)) in cases.enumerated() {
            let path = folder + "/list-\(index)"
            try ScratchFile.save(list, to: path)
            let extraction = ["/bin/true", "case \(index)"]
            let memo = LibraryListMemo(kept: kept)
            memo.remember(listAt: path, for: entries, extraction: extraction, keeping: keeping)
            XCTAssertEqual(memo.list(for: entries, extraction: extraction), Array(list.utf8), "this process's")
            next.append(LibraryListMemo(kept: kept).list(for: entries, extraction: extraction) != nil)
        }
        XCTAssertEqual(next, [true, false, false, false, false, false, false, true, false, false])
    }

    /// A grading (its build folder hidden: a student's code made its objects) reads a list the checker kept,
    /// and keeps none of its own.
    func testAGradingReadsKeptListsAndKeepsNone() throws {
        let plain = try recipe()
        let kept = ToolchainMemo(folder: folder + "/memo")
        try FileManager.default.createDirectory(atPath: kept.folder, withIntermediateDirectories: true)
        var recipe = plain
        let log = folder + "/grading-extractions"
        recipe.libraryExtraction =
            [.literal("/bin/sh"), .literal("-c"), .literal("echo x >> '\(log)'; exec \"$@\""), .literal("sh")]
            + (plain.libraryExtraction ?? [])
        _ = try object("objects", Self.plain, recipe: recipe)
        func list(grading: Bool) throws {
            var compiler = SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60)
            compiler.hidesBuildFolder = grading
            let builder = ProgramBuilder(
                compiler: compiler, recipe: recipe, directory: folder + "/objects",
                libraryLists: LibraryListMemo(kept: kept))
            XCTAssertTrue(try builder.listLibraries(of: ["main.o"]).succeeded)
        }
        let runs = { (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        try list(grading: true)
        try list(grading: true)
        XCTAssertEqual(runs(), 2, "a grading keeps no list")
        try list(grading: false)
        try list(grading: true)
        XCTAssertEqual(runs(), 3, "a grading reads the list the checker kept")
    }

    /// A grading names its objects relative to its build folder: their entries are still read, and a second
    /// program of the same entries is listed without the extraction.
    func testObjectsNamedInTheBuildFolderAreListedOnce() throws {
        var recipe = try recipe()
        let log = folder + "/relative-extractions"
        recipe.libraryExtraction =
            [.literal("/bin/sh"), .literal("-c"), .literal("echo x >> '\(log)'; exec \"$@\""), .literal("sh")]
            + (recipe.libraryExtraction ?? [])
        let memo = LibraryListMemo(kept: nil)
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60)
        for name in ["one", "two"] {
            _ = try object(name, Self.plain, recipe: recipe)
            let builder = ProgramBuilder(
                compiler: compiler, recipe: recipe, directory: folder + "/" + name, libraryLists: memo)
            XCTAssertTrue(try builder.listLibraries(of: ["main.o"]).succeeded)
        }
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "x\n")
    }
}
