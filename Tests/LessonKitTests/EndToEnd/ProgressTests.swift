import Foundation
import XCTest

@testable import LessonKit

/// The progress line of long checks: its text, when it is shown, and that a piped stderr never gets it.
final class ProgressTests: XCTestCase {
    func testRenderNamesEachKindOfWorkThisRunHas() {
        var counts = CheckProgress.Counts()
        XCTAssertEqual(CheckProgress.render(counts), "")
        counts.programs = 40
        counts.programsBuilt = 12
        counts.scenarios = 100
        counts.scenariosRun = 80
        counts.snippets = 160
        counts.snippetsParsed = 150
        XCTAssertEqual(
            CheckProgress.render(counts),
            "building 12/40 programs · running 80/100 scenarios · parsing 150/160 snippets")
        counts.programs = 0
        counts.scenarios = 0
        XCTAssertEqual(CheckProgress.render(counts), "parsing 150/160 snippets")
    }

    func testShownOnlyForTextOnATerminal() {
        XCTAssertTrue(ProgressLine.shouldShow(textReport: true, standardErrorIsTerminal: true))
        XCTAssertFalse(ProgressLine.shouldShow(textReport: false, standardErrorIsTerminal: true))
        XCTAssertFalse(ProgressLine.shouldShow(textReport: true, standardErrorIsTerminal: false))
    }

    /// The line is redrawn in place and erased when the check ends.
    func testLineIsRedrawnThenErased() {
        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var writes: [String] = []
        }
        let collected = Collected()
        let progress = CheckProgress()
        progress.expect(snippets: 2)
        progress.advance(snippets: 1)
        let line = ProgressLine(progress: progress, delay: 0) { text in
            collected.lock.withLock { collected.writes.append(text) }
        }
        line.start()
        let deadline = Date().addingTimeInterval(10)
        while collected.lock.withLock({ collected.writes.isEmpty }) && Date() < deadline { usleep(20_000) }
        line.stop()
        let writes = collected.lock.withLock { collected.writes }
        XCTAssertEqual(writes.first, "\r\u{1B}[2Kparsing 1/2 snippets")
        XCTAssertEqual(writes.last, "\r\u{1B}[2K")
    }

    /// A check that runs over a second with stderr on a pipe prints no progress: stderr stays empty.
    func testNoProgressWhenStandardErrorIsNotATerminal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = folder + "/slow.md"
        let text =
            "```swift\n// main.swift — slow\nimport Foundation\nThread.sleep(forTimeInterval: 1.5)\nprint(\"done\")\n```\n\n```\ndone\n```\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        let result = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", lesson])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput, "1 passed, 0 failed\n")
        XCTAssertEqual(result.standardError, "")
    }
}
