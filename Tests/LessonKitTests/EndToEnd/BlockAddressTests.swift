import Foundation
import XCTest

@testable import LessonKit

/// `lesson check PATH:LINE`: the block that holds the line is the one check made, with the engine it is
/// built with; a line outside every block is a usage error that names the blocks there are.
final class BlockAddressTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try TestSupport.temporaryFolder("block-address")
        let lesson = """
            # Two scenarios

            ```swift
            // Greeter.swift — greets
            func greet(_ name: String) { print("merhaba \\(name)") }
            ```

            ```swift
            // main.swift — the first greets Ada
            greet("Ada")
            ```

            ```
            merhaba Ada
            ```

            Between the blocks.

            ```swift
            // main.swift — the second greets Grace
            greet("Grace")
            ```

            ```
            merhaba Ada
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/lesson.md"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func check(_ arguments: [String]) throws -> TestSupport.CommandResult {
        try TestSupport.runLesson(["check", "--no-cache", "--color", "never"] + arguments, in: folder)
    }

    func testTheBlockOfTheLineIsTheOneCheckMade() throws {
        // Line 14 is in the first scenario's expected block: that scenario alone, built with the engine.
        let first = try check(["lesson.md:14"])
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(first.standardOutput, "1 passed, 0 failed\n")
        let second = try check(["lesson.md:20"])
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(
            second.standardOutput.hasPrefix("lesson.md:25: error: expected output differs at line 1 of 1\n"),
            second.standardOutput)
        XCTAssertTrue(second.standardOutput.hasSuffix("0 passed, 1 failed\n"), second.standardOutput)
        let both = try check(["lesson.md:9", "lesson.md:21"])
        XCTAssertTrue(both.standardOutput.hasSuffix("1 passed, 1 failed\n"), both.standardOutput)
        // The engine file's own check is its reprint's: nothing else runs.
        let engine = try check(["--format", "json", "lesson.md:4"])
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(engine.standardOutput.utf8)) as? [String: Any])
        let checks = try XCTUnwrap(report["checks"] as? [[String: Any]])
        XCTAssertEqual(checks.map { $0["line"] as? Int }, [3])
    }

    func testALineOutsideEveryBlockIsAUsageError() throws {
        let between = try check(["lesson.md:17"])
        XCTAssertEqual(between.status, 2)
        XCTAssertEqual(
            between.standardError,
            "error: lesson.md:17: no checked code block holds line 17 (the lesson's blocks: lines 3-6, 8-15, 19-26)\n"
                + "run 'lesson --help' for usage\n")
        let mixed = try check(["lesson.md:9", "."])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.standardError.hasPrefix("error: .: a check of blocks by PATH:LINE"), mixed.standardError)
        // A file whose name ends in a colon and digits is a file, not an address.
        try Data("# x\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.md:3"))
        XCTAssertEqual(try check(["notes.md:3"]).status, 0)
        // A line is digits: `lesson.md:+9` is no address (and no file).
        let signed = try check(["lesson.md:+9"])
        XCTAssertEqual(signed.status, 2)
        XCTAssertTrue(signed.standardError.hasPrefix("error: lesson.md:+9"), signed.standardError)
    }

    /// `lesson eject` into a file is refused in one line, not with a raw Foundation error.
    func testEjectIntoAFileIsRefusedInOneLine() throws {
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: folder + "/existing"))
        let result = try TestSupport.runLesson(["eject", "lesson.md:14", "existing"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.standardError,
            "error: existing is a file; eject writes into a new or empty folder\nrun 'lesson --help' for usage\n")
    }

    /// `lesson eject PATH:LINE DIR`: the scenario's reader's build as a package, whose sources, compiled as the
    /// reader compiles them (module `main`), print its expected output.
    func testAnEjectedScenarioIsItsReadersBuild() throws {
        let result = try TestSupport.runLesson(["eject", "lesson.md:14", "out"], in: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.standardOutput,
            """
            wrote out/Package.swift
            wrote out/Sources/main/Greeter.swift
            wrote out/Sources/main/main.swift
            wrote out/expected-output.txt
            run it with: cd out && swift run

            """)
        func read(_ path: String) throws -> String {
            try String(contentsOfFile: folder + "/out/" + path, encoding: .utf8)
        }
        XCTAssertEqual(try read("Sources/main/main.swift"), "// main.swift — the first greets Ada\ngreet(\"Ada\")\n")
        XCTAssertEqual(
            try read("Sources/main/Greeter.swift"),
            "// Greeter.swift — greets\nfunc greet(_ name: String) { print(\"merhaba \\(name)\") }\n")
        XCTAssertEqual(try read("expected-output.txt"), "merhaba Ada\n")
        XCTAssertTrue(try read("Package.swift").contains(".swiftLanguageMode(.v5)"))
        let toolchain = try TestSupport.toolchain()
        let build = try Subprocess.run(
            toolchain.swiftc,
            arguments: ["-module-name", "main", "-swift-version", "5", "-o", folder + "/out/main"]
                + ["Sources/main/Greeter.swift", "Sources/main/main.swift"],
            environment: ProcessInfo.processInfo.environment, workingDirectory: folder + "/out",
            limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
        XCTAssertEqual(build.termination, .exited(0), String(decoding: build.standardError, as: UTF8.self))
        let run = try Subprocess.run(
            folder + "/out/main", arguments: [], environment: [:],
            limits: ProcessLimits(timeout: 10, outputLimit: 1 << 20))
        XCTAssertEqual(String(decoding: run.standardOutput, as: UTF8.self), try read("expected-output.txt"))
        // Nothing is overwritten; a snippet or a line between blocks is no scenario.
        let again = try TestSupport.runLesson(["eject", "lesson.md:14", "out"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.standardError.hasPrefix("error: out is not empty;"), again.standardError)
        let engine = try TestSupport.runLesson(["eject", "lesson.md:4", "other"], in: folder)
        XCTAssertEqual(engine.status, 2)
        XCTAssertTrue(
            engine.standardError.hasPrefix("error: lesson.md:4: no scenario holds line 4;"), engine.standardError)
    }
}
