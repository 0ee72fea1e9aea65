import Foundation
import Testing

@testable import LessonKit

/// `ScenarioRunner.runBatch`: the scenarios of a merged program run in one process, a child forked for
/// each, and each gets what a run of its own would give; a run that traps, exits with another status or
/// writes past the output cap is left to a run of its own.
@Suite struct BatchRunTests {
    /// A merged program of seven scenarios, linked with the native support as `lesson` links one.
    static let main = """
        import Glibc

        nonisolated(unsafe) var taps = 0
        func tap() { taps += 1; print("taps: \\(taps)") }
        func visit() {
            let seen = access("mark", F_OK) == 0
            fclose(fopen("mark", "w"))
            var folder = [CChar](repeating: 0, count: 4096)
            let here = String(cString: getcwd(&folder, folder.count))
            print("mark seen: \\(seen), home is here: \\(String(cString: getenv("HOME")) == here)")
            print("selection seen: \\(getenv("LESSON_SCENARIO") != nil), batch: \\(getenv("LESSON_BATCH") != nil)")
        }

        _lessonStartProgram()
        switch _lessonBatchSelectedScenario() {
        case 0: tap(); tap(); fputs("to stderr\\n", stderr)
        case 1: tap(); visit()
        case 2: tap(); visit()
        case 3: print("before the trap"); let empty: [Int] = []; print(empty[1])
        case 4: print("looping"); while true {}
        case 5: for _ in 0..<10_000 { print("flood flood flood flood") }
        case 6: print("leaving"); exit(3)
        default: _lessonUnknownScenario()
        }

        """

    @Test func eachCleanRunIsAsIfAloneAndTheOthersAreLeftToRunAlone() throws {
        let folder = try WorkDirectory.create(prefix: "lesson-test")
        defer { folder.remove() }
        let program = try Self.linkWithNativeSupport(Self.main, in: folder.path)
        let runner = ScenarioRunner(limits: ProcessLimits(timeout: 1, outputLimit: 64 << 10))

        let batched = runner.runBatch(program, selections: Array(0...6))
        #expect(batched.keys.sorted() == [0, 1, 2, 4])
        let visited = "taps: 1\nmark seen: false, home is here: true\n"
        let expected = [
            0: ("taps: 1\ntaps: 2\n", "to stderr\n"),
            1: (visited + "selection seen: false, batch: false\n", ""),
            2: (visited + "selection seen: false, batch: false\n", ""),
        ]
        for (selection, (output, errors)) in expected {
            let run = try #require(batched[selection])
            #expect(run.termination == .exited(0))
            #expect(String(decoding: run.standardOutput, as: UTF8.self) == output, "scenario \(selection)")
            #expect(String(decoding: run.standardError, as: UTF8.self) == errors, "scenario \(selection)")
            // Alone, each prints the same bytes.
            let alone = try runner.run(program, scenario: selection)
            #expect(alone.standardOutput == run.standardOutput, "scenario \(selection) alone")
            #expect(alone.standardError == run.standardError, "scenario \(selection) alone")
        }
        // A run stopped at the time limit is not run again: a run of its own would end the same way.
        let looping = try #require(batched[4])
        #expect(looping.termination == .timedOut)
        #expect(String(decoding: looping.standardOutput, as: UTF8.self) == "looping\n")
        let alone = try runner.run(program, scenario: 4)
        #expect(alone.termination == .timedOut)
        #expect(alone.standardOutput == looping.standardOutput)
        // Those left out end as a run of their own reports them. A trap is SIGILL on x86_64, SIGTRAP on arm64.
        #expect([.signaled(SIGILL), .signaled(SIGTRAP)].contains(try runner.run(program, scenario: 3).termination))
        #expect(try runner.run(program, scenario: 5).termination == .outputLimitExceeded)
        #expect(try runner.run(program, scenario: 6).termination == .exited(3))
    }

    /// A scenario of a batch writes in its own folder only: not in the next scenario's folder, not in its
    /// output file, not in the batch's status. Restricted in the batch's parent, the first scenario made
    /// the second's folder and wrote its output, and a lesson's verdict depended on its neighbour's.
    @Test func aScenarioOfABatchCannotReachAnothersFolderOrOutput() throws {
        try #require(TestSupport.landlockABI() >= 1, "this kernel has no Landlock")
        let main = """
            import Glibc

            func write(_ path: String) -> Bool {
                mkdir("../1", 0o700)
                guard let file = fopen(path, "w") else { return false }
                fputs("written by scenario 0\\n", file)
                return fclose(file) == 0
            }

            _lessonStartProgram()
            switch _lessonBatchSelectedScenario() {
            case 0: print(["../1/mark", "../1.out", "../status", "mine"].map(write))
            case 1: print("mark seen: \\(access("mark", F_OK) == 0)")
            default: _lessonUnknownScenario()
            }

            """
        let folder = try WorkDirectory.create(prefix: "lesson-test")
        defer { folder.remove() }
        let program = try Self.linkWithNativeSupport(main, in: folder.path)
        let runner = ScenarioRunner(limits: ProcessLimits(timeout: 5, outputLimit: 64 << 10))
        let batched = runner.runBatch(program, selections: [0, 1])
        let first = try #require(batched[0])
        #expect(String(decoding: first.standardOutput, as: UTF8.self) == "[false, false, false, true]\n")
        let second = try #require(batched[1])
        #expect(String(decoding: second.standardOutput, as: UTF8.self) == "mark seen: false\n")
    }

    /// The output cap bounds what a scenario of a batch prints, not the files it writes: a run alone writes
    /// a file past the cap whole, and so does its batched run (a file size limit made it `false 4097`).
    @Test func aBatchedScenarioWritesFilesPastTheOutputCapAsAlone() throws {
        let main = """
            import Glibc

            func written(_ count: Int) -> Int {
                signal(SIGXFSZ, SIG_IGN)
                let file = fopen("big.txt", "w")
                let bytes = [UInt8](repeating: 65, count: count)
                let done = fwrite(bytes, 1, count, file)
                fclose(file)
                return done
            }

            _lessonStartProgram()
            switch _lessonBatchSelectedScenario() {
            case 0: print(written(10_000))
            case 1: print("short")
            default: _lessonUnknownScenario()
            }

            """
        let folder = try WorkDirectory.create(prefix: "lesson-test")
        defer { folder.remove() }
        let program = try Self.linkWithNativeSupport(main, in: folder.path)
        let runner = ScenarioRunner(limits: ProcessLimits(timeout: 5, outputLimit: 4096))
        let batched = runner.runBatch(program, selections: [0, 1])
        #expect(batched.keys.sorted() == [0, 1])
        #expect(batched[0].map { String(decoding: $0.standardOutput, as: UTF8.self) } == "10000\n")
        #expect(String(decoding: try runner.run(program, scenario: 0).standardOutput, as: UTF8.self) == "10000\n")
    }

    /// A process a scenario leaves writing to its output neither outlives the scenario nor fills the batch's
    /// folder: the batch copies the output through pipes at most up to the cap, and ends the scenario's
    /// process group when it ends, as a run alone's is ended.
    @Test func aScenariosLeftoverWriterIsEndedWithIt() throws {
        let main = """
            import Glibc

            _lessonStartProgram()
            switch _lessonBatchSelectedScenario() {
            case 0:
                if fork() == 0 { while true { fputs("flood flood flood\\n", stdout) } }
                print("left a writer")
            case 1: print("next")
            default: _lessonUnknownScenario()
            }

            """
        let folder = try WorkDirectory.create(prefix: "lesson-test")
        defer { folder.remove() }
        let program = try Self.linkWithNativeSupport(main, in: folder.path)
        let runner = ScenarioRunner(limits: ProcessLimits(timeout: 5, outputLimit: 4096))
        let batched = runner.runBatch(program, selections: [0, 1])
        #expect(batched[1].map { String(decoding: $0.standardOutput, as: UTF8.self) } == "next\n")
        if let first = batched[0] { #expect(first.standardOutput.count + first.standardError.count <= 4096) }
    }

    /// `main` built as `lesson` builds a merged program: compiled with the native support's declarations and
    /// linked with its object. Returns the program's path.
    private static func linkWithNativeSupport(_ main: String, in folder: String) throws -> String {
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain())
        let clang = try #require(compiler.toolchain.tool("clang"))
        let support = folder + "/" + NativeSupport.source.name
        try ScratchFile.save(NativeSupport.source.contents, to: support)
        let compiled = try compiler.compileC(support, into: folder + "/support.o", with: clang, in: folder)
        try #require(compiled.succeeded, "\(compiled.output)")
        let build = try compiler.build(
            [NativeSupport.declarations, ProgramFile(name: "main.swift", contents: main)],
            languageMode: .swift5, in: folder, output: "program", extraArguments: [folder + "/support.o"])
        try #require(build.succeeded, "\(build.output)")
        return folder + "/program"
    }

    /// Every function `NativeSupport.declarations` declares is defined by the C file: a program that refers
    /// to each of them links with its object alone (a missing one would fail every separate link, and leave
    /// programs to be built whole).
    @Test func everyDeclaredFunctionOfTheNativeSupportIsDefined() throws {
        let folder = try WorkDirectory.create(prefix: "lesson-test")
        defer { folder.remove() }
        let compiler = SwiftCompiler(toolchain: try TestSupport.toolchain())
        let support = folder.path + "/" + NativeSupport.source.name
        try ScratchFile.save(NativeSupport.source.contents, to: support)
        let clang = try #require(compiler.toolchain.tool("clang"))
        try #require(
            try compiler.compileC(support, into: folder.path + "/support.o", with: clang, in: folder.path).succeeded)
        let names = NativeSupport.declarations.contents.split(separator: "\n").compactMap { line in
            line.split(separator: "\"").dropFirst().first.map(String.init)
        }
        #expect(names.count == 9)
        let main = "let referenced: [Any] = [\(names.joined(separator: ", "))]\nprint(referenced.count)\n"
        let build = try compiler.build(
            [NativeSupport.declarations, ProgramFile(name: "main.swift", contents: main)],
            languageMode: .swift5, in: folder.path, output: "program",
            extraArguments: ["-use-ld=lld", folder.path + "/support.o"])
        #expect(build.succeeded, "\(build.output)")
    }

    /// A sandbox (grading) or a grading budget runs every scenario on its own; so does a batch of one.
    @Test func onlyPlainRunsOfMoreThanOneScenarioAreBatched() {
        #expect(ScenarioRunner(limits: ProcessLimits(timeout: 1, outputLimit: 1024)).runsBatches)
        #expect(!ScenarioRunner(limits: ProcessLimits(timeout: 1, outputLimit: 1024, deadline: 5)).runsBatches)
        let runner = ScenarioRunner(limits: ProcessLimits(timeout: 1, outputLimit: 1024))
        #expect(runner.runBatch("/bin/true", selections: [0]).isEmpty)
    }

    /// Runs get their folders in the memory file system where it has room for what they may write four
    /// times over, and in the temporary directory (nil) where it has not. (This machine's `/dev/shm` is not
    /// mounted `noexec`; one that is is never used.)
    @Test func runFoldersGoToMemoryWhereTheOutputsFit() throws {
        let memory = try #require(WorkDirectory.memoryBase, "Linux has /dev/shm")
        var info = statvfs()
        try #require(statvfs(memory, &info) == 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        #expect(ScenarioRunner.folderBase(room: 1 << 20) == memory)
        #expect(ScenarioRunner.folderBase(room: free / 4 - (16 << 20)) == memory)
        #expect(ScenarioRunner.folderBase(room: free / 4 + (16 << 20)) == nil)
        // Batched or alone, a run's folder is in the same place: there, for the fixtures' limits; in the
        // temporary directory for outputs no memory holds.
        #expect(ScenarioRunner(limits: ProcessLimits(timeout: 1, outputLimit: 64 << 10)).runFolders == memory)
        #expect(ScenarioRunner(limits: ProcessLimits(timeout: 1, outputLimit: Int.max / 4)).runFolders == nil)
    }
}
