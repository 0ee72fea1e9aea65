import Foundation
import XCTest

@testable import LessonKit

/// The result cache: exact keys, atomic entries, bounded size, and a warm check that starts no compiler.
final class ResultCacheTests: XCTestCase {
    private var folder: String!

    override func setUp() {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(getpid())-\(UUID().uuidString)").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testSHA256KnownDigests() {
        XCTAssertEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex(String(repeating: "a", count: 1000)),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// Bytes handed over in pieces that straddle the 64-byte blocks hash as the whole.
    func testSHA256OfPiecesEqualsTheWhole() {
        let text = String(repeating: "0123456789abcdef", count: 20)
        for cut in [1, 55, 56, 63, 64, 65, 128, 200] {
            var hasher = SHA256()
            hasher.update(String(text.prefix(cut)))
            hasher.update(String(text.dropFirst(cut)))
            XCTAssertEqual(hasher.finalize(), SHA256.hex(text), "cut at \(cut)")
        }
    }

    /// The CPU's SHA instructions and the portable rounds give the same digest for every length around the
    /// 64-byte blocks and the padding's edge, whole or in pieces.
    func testSHA256OnTheCPUsInstructionsEqualsThePortableRounds() throws {
        defer { SHA256.usesCPUInstructions = true }
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for count in Array(0...130) + [191, 192, 193, 1000, 4999] {
            func digest(_ accelerated: Bool) -> String {
                SHA256.usesCPUInstructions = accelerated
                var hasher = SHA256()
                hasher.update(Array(bytes.prefix(count / 3)))
                hasher.update(Array(bytes.prefix(count).dropFirst(count / 3)))
                return hasher.finalize()
            }
            XCTAssertEqual(digest(true), digest(false), "\(count) bytes")
        }
        for accelerated in [true, false] {
            SHA256.usesCPUInstructions = accelerated
            XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
        #if arch(x86_64)
            let flags = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
            SHA256.usesCPUInstructions = true
            XCTAssertEqual(SHA256.usesCPUInstructions, flags.contains(" sha_ni"))
        #endif
    }

    /// A run's result comes back from the cache as it was stored, every field, the outputs as base64 (bytes
    /// that are not UTF-8 included); an entry that lacks the one optional field still reads.
    func testARunsResultRoundTripsThroughTheCache() throws {
        let cache = ResultCache(directory: folder)
        let result = ProcessResult(
            termination: .signaled(4), standardOutput: Array("bir\niki\n".utf8) + [0xFF, 0x00],
            standardError: Array("trap\n".utf8), seconds: 0.25, reportedEnd: .stopped(.memory(bytes: 1 << 30)))
        cache.store(result, key: "ef56")
        let loaded = try XCTUnwrap(cache.load(ProcessResult.self, key: "ef56"))
        XCTAssertEqual(loaded.termination, result.termination)
        XCTAssertEqual(loaded.standardOutput, result.standardOutput)
        XCTAssertEqual(loaded.standardError, result.standardError)
        XCTAssertEqual(loaded.seconds, result.seconds)
        XCTAssertEqual(loaded.reportedEnd, result.reportedEnd)
        let stored = try String(contentsOfFile: cache.path(for: "ef56"), encoding: .utf8)
        XCTAssertTrue(stored.contains(#""standardOutput":"YmlyCmlraQr\/AA==""#), stored)
        let plain = try JSONDecoder().decode(
            ProcessResult.self,
            from: Data(#"{"termination":{"exited":{"_0":0}},"standardOutput":"","standardError":"","seconds":1}"#.utf8))
        XCTAssertNil(plain.reportedEnd)
        XCTAssertEqual(plain.termination, .exited(0))
    }

    /// An entry whose content no longer matches its checksum is discarded: a hand-edited or emptied entry is
    /// computed again, never trusted.
    func testEntriesFailingTheirChecksumAreDiscarded() throws {
        let cache = ResultCache(directory: folder)
        cache.store(["failed"], key: "cd34")
        let path = folder + "/\(ResultCache.layout)/cd34.json"
        let stored = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(
            stored, SHA256.authenticationCode(Data("[\"failed\"]".utf8), key: cache.signingKey) + "\n[\"failed\"]")
        try Data(stored.replacingOccurrences(of: "failed", with: "passed").utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.load([String].self, key: "cd34"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        cache.store(["failed"], key: "cd34")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.load([String].self, key: "cd34"))
    }

    /// HMAC-SHA256 gives RFC 4231's digests: a short key, and a key longer than a block (hashed first).
    func testAuthenticationCodesOfRFC4231() {
        XCTAssertEqual(
            SHA256.authenticationCode(Data("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(
            SHA256.authenticationCode(
                Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                key: [UInt8](repeating: 0xaa, count: 131)),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// Whoever writes the cache's folder without the key decides nothing: an entry with a fresh SHA-256 (as
    /// entries were written before) or signed with another key is discarded and computed again.
    func testAnEntrySignedWithoutTheKeyIsNeverRead() throws {
        let mine = ResultCache(directory: folder, signingKey: Array("the owner's key of 16+ bytes".utf8))
        mine.store(["failed"], key: "ef56")
        let path = mine.path(for: "ef56")
        let forged = Data("[\"passed\"]".utf8)
        try (Data((SHA256.hex(forged) + "\n").utf8) + forged).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(mine.load([String].self, key: "ef56"))
        ResultCache(directory: folder, signingKey: Array("someone else's key, 16+ bytes".utf8))
            .store(["passed"], key: "ef56")
        XCTAssertNil(mine.load([String].self, key: "ef56"))
        mine.store(["failed"], key: "ef56")
        XCTAssertEqual(mine.load([String].self, key: "ef56"), ["failed"])
    }

    /// The signing key: `LESSON_CACHE_KEY` when set; else the user's key file, made once with mode 0600 and
    /// the same on every later run; a key file others may read or write is not used (a key of the process
    /// alone is, which reuses nothing across runs).
    func testTheSigningKeyIsTheSecretOrTheUsersOwnPrivateFile() throws {
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home]
        XCTAssertEqual(
            CacheSigningKey.find(environment: ["LESSON_CACHE_KEY": "s3cret", "HOME": home]), Array("s3cret".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.config/lesson/cache-key"))
        let first = CacheSigningKey.find(environment: environment)
        XCTAssertEqual(first.count, 32)
        let file = home + "/.config/lesson/cache-key"
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(CacheSigningKey.find(environment: environment), first)
        XCTAssertEqual(CacheSigningKey.find(environment: ["LESSON_CACHE_KEY": "", "HOME": home]), first)
        XCTAssertEqual(
            CacheSigningKey.keyFile(environment: ["XDG_CONFIG_HOME": "/c", "HOME": home]), "/c/lesson/cache-key")
        chmod(file, 0o644)
        let exposed = CacheSigningKey.find(environment: environment)
        XCTAssertEqual(exposed.count, 32)
        XCTAssertNotEqual(exposed, first, "a key others can read is no key")
    }

    /// A failing lesson stays failing when every cache entry is hand-edited to say it passed, and when every
    /// entry is replaced by `{}`: each entry is discarded and the lesson checked again.
    func testTamperedEntriesNeverTurnAFailureIntoAPass() throws {
        TestSupport.enterPackageRoot()
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder
        let checker = LessonChecker(options: options, toolchain: try TestSupport.toolchain())
        let files = ["Fixtures/check/fail/wrong-output.md", "Fixtures/check/fail/snippet-syntax-error.md"]
        let cold = checker.check(files: files)
        XCTAssertEqual(cold.totals, CheckReport.Totals(passed: 0, failed: 3, skipped: 0))
        func rewriteEntries(_ change: (String) -> String) throws {
            let root = folder + "/\(ResultCache.layout)"
            for relative in FileManager.default.enumerator(atPath: root)!.compactMap({ $0 as? String })
            where relative.hasSuffix(".json") {
                let path = root + "/" + relative
                let text = try String(contentsOfFile: path, encoding: .utf8)
                try Data(change(text).utf8).write(to: URL(fileURLWithPath: path))
            }
        }
        try rewriteEntries { $0.replacingOccurrences(of: "\"failed\"", with: "\"passed\"") }
        XCTAssertEqual(checker.check(files: files), cold)
        try rewriteEntries { _ in "{}" }
        XCTAssertEqual(
            TextReporter(useColor: false).render(checker.check(files: files)),
            TextReporter(useColor: false).render(cold))
    }

    /// Items with the same key are worked on once per run, with or without a cache, and every item gets
    /// its result in order.
    func testSameKeyIsWorkedOnOncePerRun() {
        for cache in [nil, ResultCache(directory: folder)] {
            var worked: [[String]] = []
            let results = CachedWork.map(
                ["a", "b", "a", "c", "b"], cache: cache, key: { $0 }, cacheable: { (_, _: String) in true }
            ) { items in
                worked.append(items)
                return items.map { $0.uppercased() }
            }
            XCTAssertEqual(worked, [["a", "b", "c"]])
            XCTAssertEqual(results, ["A", "B", "A", "C", "B"])
        }
    }

    /// A result handed over while the others are worked on is stored at once, once; the others when all
    /// are done; one not worth keeping never.
    func testAResultHandedOverIsStoredWhileTheRestIsWorkedOn() {
        let cache = ResultCache(directory: folder)
        let results = CachedWork.map(
            ["a", "b", "c"], cache: cache, key: { $0 }, cacheable: { (_, result: String) in result != "C" }
        ) { items, keep in
            keep(1, "B")
            XCTAssertEqual(cache.load(String.self, key: "b"), "B", "stored when handed over")
            XCTAssertNil(cache.load(String.self, key: "a"))
            keep(2, "C")
            return items.map { $0.uppercased() }
        }
        XCTAssertEqual(results, ["A", "B", "C"])
        XCTAssertEqual(cache.load(String.self, key: "a"), "A")
        XCTAssertEqual(cache.load(String.self, key: "b"), "B")
        XCTAssertNil(cache.load(String.self, key: "c"))
    }

    /// The executor hands each job's execution over once, the one it returns, in both strategies: what the
    /// result cache stores early is what the check reports.
    func testEveryExecutionIsHandedOverOnceInBothStrategies() throws {
        let jobs = (0..<3).map { _ in
            ScenarioJob(
                engine: [ProgramFile(name: "Engine.swift", contents: "func ping() -> Int { 1 }\n")],
                scenario: nil, plan: .engineOnly(.engineFilesWithoutScenario), markdownPath: folder + "/lesson.md",
                languageMode: .swift5)
        }
        for strategy in [BuildStrategy.isolated, .merged] {
            let handed = Handed()
            var executor = Executor(
                compiler: SwiftCompiler(toolchain: try TestSupport.toolchain(), timeout: 60),
                runner: ScenarioRunner(limits: ProcessLimits(timeout: 5, outputLimit: 1 << 16)), strategy: strategy,
                jobs: 2)
            executor.finished = { index, execution in handed.add(index, execution) }
            let executions = executor.execute(jobs)
            let byIndex = handed.all
            XCTAssertEqual(byIndex.map(\.0).sorted(), [0, 1, 2], "\(strategy)")
            for (index, execution) in byIndex {
                XCTAssertEqual(execution.build?.succeeded, true, "\(strategy)")
                XCTAssertEqual(execution.run?.termination, executions[index].run?.termination, "\(strategy)")
                XCTAssertEqual(execution.run?.standardOutput, executions[index].run?.standardOutput, "\(strategy)")
            }
        }
    }

    private final class Handed: @unchecked Sendable {
        private let lock = NSLock()
        private var executions: [(Int, ScenarioExecution)] = []
        func add(_ index: Int, _ execution: ScenarioExecution) {
            lock.withLock { executions.append((index, execution)) }
        }
        var all: [(Int, ScenarioExecution)] { lock.withLock { executions } }
    }

    func testKeysSeparateTheirParts() throws {
        let keys = CacheKeys(toolchain: try TestSupport.toolchain())
        XCTAssertNotEqual(keys.key(["ab", "c"]), keys.key(["a", "bc"]))
        XCTAssertEqual(keys.key(["a", "b"]), keys.key(["a", "b"]))
    }

    func testStoreLoadAndCorruptEntries() throws {
        let cache = ResultCache(directory: folder)
        XCTAssertNil(cache.load([String].self, key: "ab12"))
        cache.store(["x"], key: "ab12")
        XCTAssertEqual(cache.load([String].self, key: "ab12"), ["x"])
        let path = folder + "/\(ResultCache.layout)/ab12.json"
        try Data("{torn".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.load([String].self, key: "ab12"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "a corrupt entry is removed")
    }

    func testPruneKeepsTheMostRecentlyUsedEntries() throws {
        let cache = ResultCache(directory: folder, maxEntries: 10, maxBytes: 1 << 20)
        for index in 0..<12 {
            cache.store([index], key: String(format: "%02x-entry", index))
            let path = folder + "/\(ResultCache.layout)/" + String(format: "%02x-entry", index) + ".json"
            let date = Date(timeIntervalSinceNow: Double(index - 100))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        cache.prune()
        let kept = (0..<12).filter { cache.load([Int].self, key: String(format: "%02x-entry", $0)) != nil }
        XCTAssertEqual(kept, Array(4..<12))
    }

    /// A course larger than the bounds: what the pruning check used or wrote stays, and only older entries
    /// make room.
    func testPruneKeepsWhatTheCheckUsedEvenBeyondTheBounds() throws {
        let cache = ResultCache(directory: folder, maxEntries: 10, maxBytes: 1 << 20)
        for index in 0..<30 {
            cache.store([index], key: String(format: "%02x-entry", index))
            // The first ten are older than the check; the others were written by it.
            let age = index < 10 ? -1000.0 : -1.0
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: age + Double(index) / 100)],
                ofItemAtPath: folder + "/\(ResultCache.layout)/" + String(format: "%02x-entry", index) + ".json")
        }
        cache.prune(keepingSince: Date().timeIntervalSince1970 - 10)
        let kept = (0..<30).filter { cache.load([Int].self, key: String(format: "%02x-entry", $0)) != nil }
        XCTAssertEqual(kept, Array(10..<30))
    }

    /// The cache is walked at most once per interval: a second prune right after the first removes nothing
    /// unless forced. A temporary file a killed writer left is removed once it is an hour old.
    func testPruneWalksTheCacheOncePerIntervalAndRemovesStaleTemporaryFiles() throws {
        let cache = ResultCache(directory: folder, maxEntries: 2, maxBytes: 1 << 20)
        cache.store([0], key: "aa-first")
        cache.prune()
        for index in 1...3 { cache.store([index], key: "aa-\(index)") }
        let stale = folder + "/\(ResultCache.layout)/" + AtomicFile.temporaryPrefix + "left"
        try Data("x".utf8).write(to: URL(fileURLWithPath: stale))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: stale)
        cache.prune()
        let entries = {
            try FileManager.default.contentsOfDirectory(atPath: self.folder + "/\(ResultCache.layout)").sorted()
        }
        let stored = ["aa-1.json", "aa-2.json", "aa-3.json", "aa-first.json"]
        XCTAssertEqual(
            try entries(), [".lesson-write-left", ".pruned"] + stored, "within the interval nothing is walked")
        cache.prune(force: true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertEqual(try entries().filter { $0.hasSuffix(".json") }.count, 1)
    }

    /// The entries of an earlier layout are never read again: the first walk removes their folder, and
    /// nothing else beside it (not a later layout's).
    func testPruneRemovesTheFoldersOfEarlierLayouts() throws {
        let earlier = folder + "/v2/ab"
        try FileManager.default.createDirectory(atPath: earlier, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: earlier + "/ab12.json"))
        for kept in ["videos", "v5"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + kept, withIntermediateDirectories: true)
        }
        let cache = ResultCache(directory: folder)
        cache.store(["x"], key: "cd34")
        cache.prune()
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["v4", "v5", "videos"],
            "a later layout's folder stays, for the newer checker that shares this one")
        XCTAssertEqual(cache.load([String].self, key: "cd34"), ["x"])
    }

    /// A warm check reads every result from the cache and starts no compiler; an edited scenario is
    /// compiled alone, against the engine objects of the first check. The compilers are wrapped in scripts
    /// that log each call.
    func testWarmCheckStartsNoCompilerAndAnEditRebuildsOnlyItsScenario() throws {
        TestSupport.enterPackageRoot()
        let real = try TestSupport.toolchain()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let log = folder + "/calls.log"
        func wrapper(_ name: String, _ target: String) throws -> String {
            let path = folder + "/" + name
            try Data("#!/bin/sh\necho \(name) \"$@\" >> \(log)\nexec \(target) \"$@\"\n".utf8).write(
                to: URL(fileURLWithPath: path))
            chmod(path, 0o755)
            return path
        }
        let toolchain = Toolchain(
            swiftc: try wrapper("swiftc", real.swiftc),
            swiftFrontend: try wrapper("swift-frontend", real.swiftFrontend!))
        var options = TestSupport.fixtureOptions
        // Relative to the working folder, as the default `.build/lesson-cache` is: the kept objects are linked
        // from the build folder, elsewhere.
        let cwd = FileManager.default.currentDirectoryPath
        options.cacheDirectory =
            String(repeating: "../", count: cwd.split(separator: "/").count) + folder.dropFirst() + "/cache"
        let lesson = folder + "/lesson.md"
        let text = try String(contentsOfFile: "Fixtures/merge/one-trap-among-three.md", encoding: .utf8)
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        /// Each call: the tool, and the files it compiled (for a build without the driver, its primaries).
        func calls() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map { line in
                let words = line.split(separator: " ").map(String.init)
                let primaries = zip(words, words.dropFirst()).filter { $0.0 == "-primary-file" }
                return ([words[0]] + primaries.map { ($0.1 as NSString).lastPathComponent }).joined(separator: " ")
            }
        }

        let cold = LessonChecker(options: options, toolchain: toolchain).check(files: [lesson])
        XCTAssertEqual(cold.totals, CheckReport.Totals(passed: 2, failed: 1, skipped: 0))
        let coldCalls = calls().count
        XCTAssertGreaterThan(coldCalls, 0)

        let warm = LessonChecker(options: options, toolchain: toolchain).check(files: [lesson])
        XCTAssertEqual(warm, cold)
        XCTAssertEqual(calls().count, coldCalls, "a warm check started a compiler")

        try Data(text.replacingOccurrences(of: "print(\"third\")", with: "print(\"third!\")").utf8).write(
            to: URL(fileURLWithPath: lesson))
        let edited = LessonChecker(options: options, toolchain: toolchain).check(files: [lesson])
        XCTAssertEqual(edited.totals, CheckReport.Totals(passed: 1, failed: 2, skipped: 0))
        XCTAssertEqual(
            Array(calls().dropFirst(coldCalls)), ["swift-frontend main.swift"],
            "only the edited scenario is compiled, and linked with the engine's objects")
    }

    /// A check asks the driver for its commands as it starts, before it knows whether it builds anything,
    /// and its cache keeps the answer even when nothing was built: a lesson of snippets alone has the driver
    /// asked once per cache, not once per check (two `lesson check` processes, the compilers wrapped in
    /// scripts that log each call's first argument).
    func testTheDriversAnswerIsKeptByACheckThatBuildsNothing() throws {
        let real = try TestSupport.toolchain()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let log = folder + "/calls.log"
        for (name, target) in [("swiftc", real.swiftc), ("swift-frontend", real.swiftFrontend!)] {
            try Data("#!/bin/sh\necho \(name) \"$1\" >> \(log)\nexec \(target) \"$@\"\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/" + name))
            chmod(folder + "/" + name, 0o755)
        }
        let lesson = folder + "/lesson.md"
        func check(_ snippet: String) throws -> [String] {
            try Data("# Snippets\n\n```swift\n\(snippet)\n```\n".utf8).write(to: URL(fileURLWithPath: lesson))
            let before = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let result = try TestSupport.runLesson(
                ["check", "--cache-dir", folder + "/cache", lesson], environment: ["SWIFTC": folder + "/swiftc"])
            XCTAssertEqual(result.standardOutput.split(separator: "\n").last, "1 passed, 0 failed")
            return try String(contentsOfFile: log, encoding: .utf8).dropFirst(before.count).split(separator: "\n")
                .map(String.init).filter { $0 != "swift-frontend -frontend" }  // the driver's own questions
        }
        XCTAssertEqual(try check("let a = [1, 2]").sorted(), ["swift-frontend -parse", "swiftc -###"])
        XCTAssertEqual(try check("let b = [3]"), ["swift-frontend -parse"])
    }

    /// An edit of one lesson's scenario leaves the other lessons of its folder answered whole by the cache.
    /// An edit of engine reprints checks them again: drift compares each reprint with the version most
    /// lessons of the folder reprint, so a lesson whose bytes did not change then fails where it passed.
    func testAnEditOutsideTheReprintsKeepsTheFolderCachedAndAReprintEditChecksItAgain() throws {
        try FileManager.default.createDirectory(atPath: folder + "/course", withIntermediateDirectories: true)
        let engine = "// Counter.swift — counts\nstruct Counter {\n    var count = 0\n}\n"
        func lesson(_ label: String, engine: String) -> String {
            "# \(label)\n\n```swift\n\(engine)```\n\n```swift\n// main.swift — \(label)\nprint(Counter().count)\n"
                + "print(\"\(label)\")\n```\n\n```\n0\n\(label)\n```\n"
        }
        let paths = (1...3).map { folder + "/course/0\($0).md" }
        func write(_ index: Int, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: paths[index]))
        }
        for index in 0..<3 { try write(index, lesson("ders-\(index + 1)", engine: engine)) }
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder + "/cache"
        func check() throws -> (report: CheckReport, reused: String) {
            var checker = LessonChecker(options: options, toolchain: try TestSupport.toolchain())
            let timings = CheckTimings()
            checker.timings = timings
            let report = checker.check(files: paths)
            let last = timings.lines(total: 1).last ?? ""
            return (report, String(last[(last.range(of: "the cache")?.upperBound ?? last.endIndex)...]))
        }

        let cold = try check()
        XCTAssertEqual(cold.report.totals, CheckReport.Totals(passed: 6, failed: 0, skipped: 0))
        XCTAssertEqual(cold.reused, " (0 of 3 lessons whole)")
        XCTAssertEqual(try check().reused, " (3 of 3 lessons whole)")

        try write(0, lesson("ders-1b", engine: engine))
        let scenarioEdit = try check()
        XCTAssertEqual(scenarioEdit.reused, " (2 of 3 lessons whole)")
        XCTAssertEqual(scenarioEdit.report.totals, CheckReport.Totals(passed: 6, failed: 0, skipped: 0))

        let edited = engine.replacingOccurrences(of: "var count = 0", with: "var count = 0  // from zero")
        try write(0, lesson("ders-1b", engine: edited))
        try write(1, lesson("ders-2", engine: edited))
        let reprintEdit = try check()
        XCTAssertEqual(reprintEdit.reused, " (0 of 3 lessons whole)")
        let drift = reprintEdit.report.lessons.map { $0.checks.first { $0.kind == .drift }?.status }
        XCTAssertEqual(drift, [.passed, .passed, .failed], "the third lesson now differs from the other two")
        XCTAssertEqual(reprintEdit.report.totals, CheckReport.Totals(passed: 5, failed: 1, skipped: 0))
    }

    /// An edited lesson is compared by drift with the others of its folder, which the cache answers: they
    /// are read from their stand-ins, so its report is the one a check without a cache gives (the drift it
    /// shows names the version most lessons reprint, with its lesson, line and count).
    func testAnEditedLessonIsComparedWithTheStandInsOfTheLessonsTheCacheAnswers() throws {
        try FileManager.default.createDirectory(atPath: folder + "/course", withIntermediateDirectories: true)
        let engine = "// Counter.swift — counts\nstruct Counter {\n    var count = 0\n}\n"
        let drifted = engine.replacingOccurrences(of: "var count = 0", with: "var count = 1")
        func lesson(_ label: String, engine: String, lead: String = "") -> String {
            "# \(label)\n\n\(lead)```swift\n\(engine)```\n\n```swift\n// main.swift — \(label)\nprint(\"\(label)\")\n"
                + "```\n\n```\n\(label)\n```\n"
        }
        let paths = (1...3).map { folder + "/course/0\($0).md" }
        let texts = [
            lesson("ders-1", engine: engine), lesson("ders-2", engine: engine, lead: "Two lines\nof prose.\n\n"),
            lesson("ders-3", engine: drifted),
        ]
        for (path, text) in zip(paths, texts) { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder + "/cache"
        func check(cached: Bool) throws -> (report: String, reused: String) {
            var checkOptions = options
            if !cached { checkOptions.cacheDirectory = nil }
            var checker = LessonChecker(options: checkOptions, toolchain: try TestSupport.toolchain())
            let timings = CheckTimings()
            checker.timings = timings
            let report = TextReporter(useColor: false).render(checker.check(files: paths))
            let last = timings.lines(total: 1).last ?? ""
            return (report, String(last[(last.range(of: "the cache")?.upperBound ?? last.endIndex)...]))
        }
        XCTAssertEqual(try check(cached: true).reused, " (0 of 3 lessons whole)")
        // The first check kept each lesson's stand-in, which plans to its reprint at its line.
        let reuse = LessonReuse(
            paths: paths, cache: ResultCache(directory: folder + "/cache"),
            keys: CacheKeys(toolchain: try TestSupport.toolchain()),
            settings: LessonReuse.settings(options, catalog: .builtIn), jobs: 2)
        XCTAssertEqual(
            paths.indices.map { reuse.driftStandIn($0)?.engineFiles.map { $0.block.openingLine } }, [[3], [6], [3]])
        XCTAssertEqual(reuse.driftStandIn(2)?.engineFiles.first?.block.content.map(\.text)[2], "    var count = 1")

        try Data(texts[2].replacingOccurrences(of: "ders-3", with: "ders-3b").utf8).write(
            to: URL(fileURLWithPath: paths[2]))
        let edited = try check(cached: true)
        XCTAssertEqual(edited.reused, " (2 of 3 lessons whole)")
        XCTAssertEqual(edited.report, try check(cached: false).report)
        XCTAssertTrue(
            edited.report.contains(
                "\(paths[2]):6: error: engine drift: this reprint of Counter.swift differs from the version most "
                    + "lessons of this course reprint (\(paths[0]):3, 2 of 3 lessons)"), edited.report)
    }

    /// A lesson's stand-in plans to its engine reprints at their lines, with the engine it names: a fence
    /// longer than any run of backticks in them, blank lines between; a lesson drift leaves out stands in
    /// as an empty file.
    func testADriftStandInPlansToTheLessonsEngineReprints() throws {
        let text =
            "---\ntitle: 'Bir'\nengine: Sync\n---\n\n# Bir\n\n```swift\n// Sync.swift — engine\nlet fence = \"````\"\n"
            + "```\n\nProse.\n\n```swift\n// Extra.swift — more\nlet more = 1\n```\n\n"
            + "```swift\n// main.swift — run\nprint(fence, more)\n```\n\n```\n```` 1\n```\n"
        let plan = LessonPlanner.plan(Lesson(path: "/course/01.md", bytes: Array(text.utf8)))
        let standIn = try XCTUnwrap(DriftStandIn.text(of: plan))
        XCTAssertEqual(
            standIn,
            "---\nengine: 'Sync'\n---\n\n\n\n\n`````swift\n// Sync.swift — engine\nlet fence = \"````\"\n`````\n"
                + "\n\n\n" + "```swift\n// Extra.swift — more\nlet more = 1\n```\n")
        let stood = DriftStandIn.plan(standIn, path: "/course/01.md")
        XCTAssertEqual(stood.engineFiles.map(\.fileName), ["Sync.swift", "Extra.swift"])
        XCTAssertEqual(stood.engineFiles.map(\.block.openingLine), plan.engineFiles.map(\.block.openingLine))
        XCTAssertEqual(
            stood.engineFiles.map { $0.block.content.map(\.text) },
            plan.engineFiles.map { $0.block.content.map(\.text) })
        XCTAssertEqual(stood.namedEngine?.name, "Sync")
        XCTAssertEqual(stood.path, "/course/01.md")
        let unreadable = LessonPlanner.plan(Lesson(path: "/course/02.md", bytes: Array(repeating: 0xFF, count: 4)))
        XCTAssertFalse(unreadable.readingFindings.isEmpty)
        XCTAssertEqual(DriftStandIn.text(of: unreadable), "")
    }

    /// A lesson file that cannot be read (past the 16 MiB limit) is checked every time, and the other lessons
    /// of its folder are still answered whole.
    func testALessonThatCannotBeReadLeavesItsFolderCached() throws {
        try FileManager.default.createDirectory(atPath: folder + "/course", withIntermediateDirectories: true)
        let lesson = folder + "/course/01.md"
        let text = try String(contentsOfFile: "Fixtures/check/pass/crlf-bom.md", encoding: .utf8)
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        let large = folder + "/course/02.md"
        try Data(count: (16 << 20) + 1).write(to: URL(fileURLWithPath: large))
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder + "/cache"
        var lines: [String] = []
        for _ in 0..<2 {
            var checker = LessonChecker(options: options, toolchain: try TestSupport.toolchain())
            let timings = CheckTimings()
            checker.timings = timings
            let report = checker.check(files: [lesson, large])
            XCTAssertEqual(report.totals, CheckReport.Totals(passed: 1, failed: 1, skipped: 0))
            lines.append(timings.lines(total: 1).last ?? "")
        }
        XCTAssertTrue(lines[0].hasSuffix("the rest answered by the cache (0 of 2 lessons whole)"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("the rest answered by the cache (1 of 2 lessons whole)"), lines[1])
    }

    /// Two checks at once on one cache both complete with the same report as a check alone.
    func testTwoChecksAtOnceShareACache() throws {
        TestSupport.enterPackageRoot()
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder
        let checker = LessonChecker(options: options, toolchain: try TestSupport.toolchain())
        // Lessons with merged programs, engine reprints and snippets; the merge fixtures' other cases are
        // checked by `FixtureTests`.
        let files = try LessonDiscovery.lessonFiles(in: ["Fixtures/check/pass", "Fixtures/merge/weak-reference.md"])
        let reports = ParallelMap.map([0, 1], jobs: 2) { _ in checker.check(files: files) }
        var alone = options
        alone.cacheDirectory = nil
        let reference = LessonChecker(options: alone, toolchain: try TestSupport.toolchain()).check(files: files)
        for report in reports {
            XCTAssertEqual(
                TextReporter(useColor: false).render(report), TextReporter(useColor: false).render(reference))
        }
        let warm = checker.check(files: files)
        XCTAssertEqual(TextReporter(useColor: false).render(warm), TextReporter(useColor: false).render(reference))
    }

    /// Removing `no_run` from a scenario makes it run: a result cached while it was only built is not reused.
    /// A result answers only a check of the same strategy: after the default check, `--strategy isolated`
    /// with the same cache gives what it gives without one. (A listing that prints a moved type's qualified
    /// name is reported otherwise by the merged build today: `main.(unknown context at $…).Point`.)
    func testTheReferenceStrategyIsNeverAnsweredByTheFastPathsResults() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let book = """
            ```swift
            struct Point {
                var x = 1
            }
            let point = Point()
            print(point.x) // Prints "1"
            ```

            ```swift
            print(String(reflecting: Point.self)) // Prints "main.Point"
            ```

            """
        try Data(book.utf8).write(to: URL(fileURLWithPath: folder + "/book.md"))
        func check(_ flags: [String]) throws -> TestSupport.CommandResult {
            try TestSupport.runLesson(["check"] + flags + ["book.md"], in: folder)
        }
        let merged = try check(["--no-cache"])
        let isolated = try check(["--no-cache", "--strategy", "isolated"])
        XCTAssertEqual(try check(["--cache-dir", "cache"]).status, merged.status)
        let cachedIsolated = try check(["--cache-dir", "cache", "--strategy", "isolated"])
        XCTAssertEqual(cachedIsolated.status, isolated.status)
        XCTAssertEqual(cachedIsolated.standardOutput, isolated.standardOutput)
        XCTAssertEqual(isolated.status, 0, isolated.standardOutput)
    }

    func testBuiltOnlyAndRunResultsAreKeptApart() throws {
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = folder
        let checker = LessonChecker(options: options, toolchain: try TestSupport.toolchain())
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lesson = folder + "/lesson.md"
        let text = "```swift no_run\n// main.swift — prints\nprint(\"actual\")\n```\n\n```\nWRONG\n```\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertTrue(checker.check(files: [lesson]).succeeded)
        try Data(text.replacingOccurrences(of: " no_run", with: "").utf8).write(to: URL(fileURLWithPath: lesson))
        XCTAssertEqual(
            checker.check(files: [lesson]).findings.map(\.message), ["expected output differs at line 1 of 1"])
    }

    /// A build that failed at lines of the job's own files is kept; a failure no located error explains (a
    /// link error), an error in another file (a system header) or about a module that could not be built, a
    /// crashed or killed compiler, a limit and a timeout are checked again; a book listing's failed build is
    /// kept when its compiler ended by itself.
    func testOnlyFailuresTheSameSourcesGiveAgainAreCached() {
        let scenario = ScenarioJob(
            engine: [], scenario: nil, plan: .engineOnly(.engineFilesWithoutScenario), markdownPath: "/book.md",
            languageMode: .swift5)
        let failedBuild = CompileResult(
            succeeded: false, diagnostics: [], output: "", seconds: 0, timedOut: false, exitStatus: 1)
        XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: failedBuild, run: nil)))
        func failed(at file: String, _ message: String) -> CompileResult {
            var build = failedBuild
            build.diagnostics = [
                CompilerDiagnostic(file: file, line: 5, column: 18, severity: .error, message: message, context: [])
            ]
            return build
        }
        let failedAtALine = failed(at: "/book.md", "cannot convert value of type 'String' to specified type 'Int'")
        XCTAssertTrue(LessonChecker.isCacheable(scenario, ScenarioExecution(build: failedAtALine, run: nil)))
        XCTAssertTrue(
            LessonChecker.isCacheable(
                scenario, ScenarioExecution(build: failed(at: "/book.md", "no such module 'RecipeKit'"), run: nil)))
        for elsewhere in [
            failed(at: "/usr/include/stdio.h", "unknown type name 'FILE'"),
            failed(at: "/book.md", "could not build C module 'SwiftGlibc'"),
        ] {
            XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: elsewhere, run: nil)))
        }
        var crashed = failedAtALine
        crashed.output = "error: compile command failed due to signal 11 (use -v to see invocation)\n"
        XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: crashed, run: nil)))
        crashed.output = "Stack dump:\n0.\tProgram arguments: swift-frontend -frontend -c\n"
        XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: crashed, run: nil)))
        var killed = failedAtALine
        killed.exitStatus = nil
        XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: killed, run: nil)))
        var limited = failedAtALine
        limited.stoppedBy = .memory(bytes: 1 << 30)
        XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: limited, run: nil)))
        limited.stoppedBy = nil
        limited.timedOut = true
        XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: limited, run: nil)))
        XCTAssertFalse(
            LessonChecker.isCacheable(
                scenario, ScenarioExecution(build: failedAtALine, run: nil, toolError: "could not start swiftc")))
        var built = failedBuild
        built.succeeded = true
        built.exitStatus = 0
        let timedOut = ProcessResult(termination: .timedOut, standardOutput: [], standardError: [], seconds: 2)
        XCTAssertFalse(LessonChecker.isCacheable(scenario, ScenarioExecution(build: built, run: timedOut)))
        var trapped = timedOut
        trapped.termination = .signaled(4)
        XCTAssertTrue(LessonChecker.isCacheable(scenario, ScenarioExecution(build: built, run: trapped)))
        XCTAssertFalse(
            LessonChecker.isCacheable(scenario, ScenarioExecution(build: nil, run: nil, toolError: "disk full")))
        XCTAssertTrue(
            LessonChecker.isCacheable(scenario, ScenarioExecution(build: built, run: nil)), "a no_run build is kept")

        var listing = scenario
        listing.plan.kind = .listing
        XCTAssertTrue(LessonChecker.isCacheable(listing, ScenarioExecution(build: failedBuild, run: nil)))
        var stopped = failedBuild
        stopped.timedOut = true
        XCTAssertFalse(LessonChecker.isCacheable(listing, ScenarioExecution(build: stopped, run: nil)))
        stopped.timedOut = false
        stopped.stoppedBy = .memory(bytes: 1 << 30)
        XCTAssertFalse(LessonChecker.isCacheable(listing, ScenarioExecution(build: stopped, run: nil)))
        XCTAssertFalse(LessonChecker.isCacheable(listing, ScenarioExecution(build: crashed, run: nil)))
        XCTAssertFalse(LessonChecker.isCacheable(listing, ScenarioExecution(build: killed, run: nil)))
    }

    /// A scenario that does not build is answered by the cache when its errors are at its lines: a site
    /// whose old posts fail does not rebuild them at every check. A build whose compiler crashed is not
    /// kept, and is built again by the next check (the compilers are scripts that log each compile, and
    /// print a stack dump after the real compiler's output while `crash` exists; the driver's own questions,
    /// `swiftc -###` and those that write no `-o`, go through untouched and unlogged).
    func testAFailedBuildIsKeptAndACrashedOneIsBuiltAgain() throws {
        let folder: String = folder
        let real = try TestSupport.toolchain()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let log = folder + "/calls.log"
        for (name, target) in [("swiftc", real.swiftc), ("swift-frontend", real.swiftFrontend!)] {
            let script = """
                #!/bin/sh
                case " $* " in *" -### "*) exec \(target) "$@" ;; *" -o "*) ;; *) exec \(target) "$@" ;; esac
                echo \(name) >> \(log)
                [ -e \(folder)/crash ] || exec \(target) "$@"
                \(target) "$@"
                echo 'Stack dump:' >&2
                exit 1

                """
            try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            chmod(folder + "/" + name, 0o755)
        }
        let lesson = folder + "/lesson.md"
        try Data(
            "# Broken\n\n```swift\n// main.swift — a type error\nlet count: Int = \"three\"\nprint(count)\n```\n\n```\n3\n```\n"
                .utf8
        ).write(to: URL(fileURLWithPath: lesson))
        FileManager.default.createFile(atPath: folder + "/crash", contents: nil)
        func check() throws -> (report: String, compilerCalls: Int) {
            let before = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let result = try TestSupport.runLesson(
                ["check", "--color", "never", "--cache-dir", folder + "/cache", lesson],
                environment: ["SWIFTC": folder + "/swiftc"])
            XCTAssertEqual(result.status, 1)
            let calls = try String(contentsOfFile: log, encoding: .utf8).dropFirst(before.count)
            return (result.standardOutput, calls.split(separator: "\n").count)
        }
        let crashed = try check()
        XCTAssertGreaterThan(crashed.compilerCalls, 0)
        try FileManager.default.removeItem(atPath: folder + "/crash")
        let failed = try check()
        XCTAssertGreaterThan(failed.compilerCalls, 0, "the crashed build was kept")
        XCTAssertEqual(
            failed.report,
            """
            \(lesson):5:18: error: cannot convert value of type 'String' to specified type 'Int'
            let count: Int = "three"
                             ^~~~~~~
            0 passed, 1 failed

            """)
        let again = try check()
        XCTAssertEqual(again.compilerCalls, 0, "the failed build was built again")
        XCTAssertEqual(again.report, failed.report)
    }
}
