import Foundation
import XCTest

@testable import LessonKit

/// A lesson's program writes only in its own folders (`NativeSupport`'s start, with Landlock): it cannot
/// rewrite the result cache, another lesson or anything beside the lessons, and reads what it reads.
final class ProgramWritesTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try TestSupport.temporaryFolder("program-writes") }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testAProgramCannotRewriteTheCacheOrAnotherLesson() throws {
        let cache = folder + "/cache"
        let failing = "# Yanlış\n\n```swift\n// main.swift — yanlış\nprint(1)\n```\n\n```\n2\n```\n"
        try Data(failing.utf8).write(to: URL(fileURLWithPath: folder + "/a.md"))
        // The first check fills the cache with the failing lesson's entry.
        let first = try TestSupport.runLesson(["check", "--cache-dir", cache, "--color", "never", folder + "/a.md"])
        XCTAssertEqual(first.status, 1)
        let entries = try XCTUnwrap(FileManager.default.subpaths(atPath: cache)).filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: cache + "/" + $0, isDirectory: &folder) && !folder.boolValue
        }
        XCTAssertFalse(entries.isEmpty)
        let poisoning = """
            # Zehir

            ```swift
            // main.swift — önbelleği ve başka dersi yazmaya çalışır
            import Foundation
            let targets = \(entries.map { "\"\(cache)/\($0)\"" } + ["\"\(folder)/a.md\""])
            let written = targets.filter { FileManager.default.createFile(atPath: $0, contents: Data("{}".utf8)) }
            let created = FileManager.default.createFile(atPath: "\(cache)/poison", contents: Data())
            let mine = FileManager.default.createFile(atPath: NSTemporaryDirectory() + "/mine", contents: Data())
            print(written.count, created, mine)
            ```

            ```
            0 false true
            ```

            """
        try Data(poisoning.utf8).write(to: URL(fileURLWithPath: folder + "/b.md"))
        let before = try String(contentsOfFile: folder + "/a.md", encoding: .utf8)
        let second = try TestSupport.runLesson(["check", "--cache-dir", cache, "--color", "never", folder + "/b.md"])
        XCTAssertEqual(second.status, 0, second.standardOutput)
        XCTAssertEqual(try String(contentsOfFile: folder + "/a.md", encoding: .utf8), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/poison"))
        let again = try TestSupport.runLesson(["check", "--cache-dir", cache, "--color", "never", folder + "/a.md"])
        XCTAssertEqual(again.status, 1, "the failing lesson still fails from the cache")
        XCTAssertTrue(again.standardOutput.hasSuffix("0 passed, 1 failed\n"), again.standardOutput)
    }

    /// `lesson check --contain` runs every program as a student's submission is graded: as another user,
    /// where the checker may start one (root here, as in CI).
    func testContainRunsTheProgramsAsAStudentsAreGraded() throws {
        try XCTSkipUnless(getuid() == 0, "running a program as another user needs root")
        let lesson = """
            # Kim

            ```swift
            // main.swift — kim çalıştırıyor
            import Glibc
            print(getuid() >= 61_000, getuid() != 0)
            ```

            ```
            true true
            ```

            """
        let contained = try check("kim.md", lesson, contained: true)
        XCTAssertEqual(contained.status, 0, contained.standardOutput + contained.standardError)
        XCTAssertEqual(contained.standardOutput, "1 passed, 0 failed\n")
        let mine = try check("kim.md", contained: false)
        XCTAssertEqual(mine.status, 1, "uncontained, the program runs as root")
    }

    /// A lesson's program cannot signal its checker, uncontained too, where the kernel scopes signals
    /// (Landlock ABI 6): `kill(getppid(), SIGTERM)` ended `lesson check` with 143.
    func testAProgramCannotSignalItsChecker() throws {
        let abi = try TestSupport.landlockABI()
        try XCTSkipUnless(abi >= 6, "this kernel's Landlock (ABI \(abi)) does not scope signals")
        let lesson = """
            # Kill

            ```swift
            // main.swift — signals its checker
            import Glibc
            print(kill(getppid(), SIGTERM) == 0 ? "sent" : "refused")
            ```

            ```output
            refused
            ```

            """
        let result = try check("kill.md", lesson, contained: false)
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        XCTAssertEqual(result.standardOutput, "1 passed, 0 failed\n")
    }

    /// `--contain` contains an exercise's reference solution too: graded as a student's submission is, as
    /// another user.
    func testContainRunsTheReferenceSolutionsAsAStudentsAreGraded() throws {
        try XCTSkipUnless(getuid() == 0, "running a program as another user needs root")
        let lesson = """
            # Kim

            ```swift exercise=kim
            // main.swift — kim çalıştırıyor
            print("?")
            ```

            ```
            true true
            ```

            """
        try FileManager.default.createDirectory(atPath: folder + "/solutions/kim", withIntermediateDirectories: true)
        try Data("import Glibc\nprint(getuid() >= 61_000, getuid() != 0)\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/solutions/kim/main.swift"))
        let contained = try check("kim.md", lesson, contained: true)
        XCTAssertEqual(contained.status, 0, contained.standardOutput + contained.standardError)
        XCTAssertEqual(contained.standardOutput, "2 passed, 0 failed\n")
        let mine = try check("kim.md", contained: false)
        XCTAssertEqual(mine.status, 1, "uncontained, the solution runs as root")
        XCTAssertTrue(mine.standardOutput.contains("the reference solution scores 0/1"), mine.standardOutput)
    }

    /// Writes `text` (when given) as `name` in the test's folder, and checks it, with `--contain` when
    /// `contained`.
    private func check(_ name: String, _ text: String? = nil, contained: Bool) throws -> TestSupport.CommandResult {
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return try TestSupport.runLesson(
            ["check", "--no-cache"] + (contained ? ["--contain"] : []) + ["--color", "never", folder + "/" + name])
    }
}
