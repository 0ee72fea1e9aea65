import XCTest

@testable import LessonKit

/// A trap's finding quotes what the runtime said of it, whichever check stopped the program: `fatalError`,
/// `precondition` or `assert`, without the file and line the runtime puts before it.
final class TrapReportTests: XCTestCase {
    private func line(_ text: String) -> String? { Judge.fatalErrorLine(Array(text.utf8)) }

    func testEachKindOfTrapIsQuotedFromItsKeyword() {
        XCTAssertEqual(
            line("Swift/Array.swift:418: Fatal error: Index out of range\n"), "Fatal error: Index out of range")
        XCTAssertEqual(
            line("before\n/c/l.md:12: Precondition failed: pop from an empty queue\n"),
            "Precondition failed: pop from an empty queue")
        XCTAssertEqual(
            line("/c/l.md:3: Assertion failed: count must not be negative\n"),
            "Assertion failed: count must not be negative")
        XCTAssertEqual(line("/c/l.md:3: Precondition failed\n"), "Precondition failed")
        XCTAssertNil(line("printed: a precondition\n"))
    }

    /// A precondition that fails in a lesson: its message is in the finding, as the runtime printed it.
    func testAFailedPreconditionIsQuotedInTheFinding() throws {
        let folder = try TestSupport.temporaryFolder("trap")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = """
            ```swift
            // main.swift — an empty queue
            var items: [Int] = []
            precondition(!items.isEmpty, "pop from an empty queue")
            ```

            ```
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/queue.md"))
        let result = try TestSupport.runLesson(["check", "--no-cache", folder + "/queue.md"])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains(
                "queue.md:1: error: the scenario trapped: Precondition failed: pop from an empty queue"),
            result.standardOutput + result.standardError)
    }
}
