import Foundation
import XCTest

@testable import LessonKit

/// `--filter` selects lessons and scenarios; `--watch` re-checks an edited lesson.
final class SelectionAndWatchTests: XCTestCase {
    func testFilterByPathChecksWholeLessons() throws {
        let result = try TestSupport.runLesson([
            "check", "--no-cache", "--color", "never", "--filter", "pass/nfd", "Fixtures/check",
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.standardOutput,
            "Fixtures/check/pass: 1 lesson, 2 code blocks, 1 scenario, 0 snippets, 0 engine reprints, 0 failures\n1 passed, 0 failed\n"
        )
    }

    func testFilterByDescriptionChecksOnlyThoseScenarios() throws {
        let result = try TestSupport.runLesson(
            ["check", "--no-cache", "--color", "never", "--filter", "second traps", "Fixtures/merge"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardOutput.hasPrefix("Fixtures/merge/one-trap-among-three.md:14: error: the scenario trapped"))
        XCTAssertTrue(result.standardOutput.hasSuffix("0 passed, 1 failed\n"), result.standardOutput)
    }

    func testFilterThatSelectsNothingIsAUsageError() throws {
        let result = try TestSupport.runLesson(["check", "--filter", "no-such-lesson-anywhere", "Fixtures/check"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.standardError,
            "error: --filter 'no-such-lesson-anywhere' selects no lesson and no scenario\nrun 'lesson --help' for usage\n"
        )
    }

    func testDriftIsStillJudgedAgainstTheWholeCourseFolder() throws {
        let result = try TestSupport.runLesson(
            ["check", "--no-cache", "--color", "never", "--filter", "03-third", "Fixtures/engines/course"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardOutput.hasPrefix("Fixtures/engines/course/03-third.md:9: error: engine drift"))
    }

    func testWatchRechecksAnEditedLesson() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = folder + "/lesson.md"
        let text = "```swift\n// main.swift — greets\nprint(\"hello\")\n```\n\n```\nhello\n```\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.lessonExecutable)
        process.arguments = ["check", "--watch", "--color", "never", "--cache-dir", folder + "/cache", folder]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        XCTAssertTrue(collected.wait(for: "1 passed, 0 failed\n", timeout: 60), collected.text)
        try Data(text.replacingOccurrences(of: "print(\"hello\")", with: "print(\"bye\")").utf8).write(
            to: URL(fileURLWithPath: lesson))
        XCTAssertTrue(collected.wait(for: "0 passed, 1 failed\n", timeout: 60), collected.text)
        XCTAssertTrue(collected.text.contains("\(folder)/lesson.md:7: error: expected output differs at line 1 of 1"))
    }
}

/// Output gathered from a pipe while a process runs.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) { lock.withLock { data.append(more) } }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    func wait(for marker: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if text.contains(marker) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }
}
