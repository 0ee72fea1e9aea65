import Foundation
import XCTest

@testable import LessonKit

/// What a lesson's program leaves (a process that detached and ignores SIGTERM) and what a lesson path
/// may be (a FIFO): neither outlives nor holds its check.
final class LeftBehindTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try TestSupport.temporaryFolder("left-behind") }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// The processes whose command line is `sleep SECONDS`.
    private func sleepers(_ seconds: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            return String(decoding: data, as: UTF8.self) == "sleep\u{0}\(seconds)\u{0}" ? pid : nil
        }
    }

    /// A scenario that starts `sleep` in a session of its own with SIGTERM ignored, and ends: `lesson check`
    /// passes it, and no such process is left once the check has returned.
    func testAProcessAScenarioLeavesRunningEndsWithTheCheck() throws {
        let seconds = "4\(Int.random(in: 1000...9999))"
        let lesson = """
            # Ders

            ```swift
            // main.swift — arkada bir süreç bırakır
            import Glibc
            _ = system("setsid sh -c 'trap \\"\\" TERM; exec sleep \(seconds)' </dev/null >/dev/null 2>&1 &")
            usleep(200_000)
            print("bitti")
            ```

            ```
            bitti
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/ders.md"))
        let result = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder + "/ders.md"])
        XCTAssertEqual(result.status, 0, result.standardOutput)
        defer { sleepers(seconds).forEach { kill($0, SIGKILL) } }
        XCTAssertEqual(sleepers(seconds), [], "the scenario's sleep is still running")
    }

    /// The language server asked to check a FIFO answers with a finding at once, and answers the next request.
    func testTheServerGivesAFIFOAFindingAndKeepsServing() throws {
        let pipe = folder + "/pipe.md"
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        let client = InProcessClient()
        let server = LessonLanguageServer(checker: try LanguageServerTests.checker(), send: client.receive)
        let uri = URL(fileURLWithPath: pipe).absoluteString
        XCTAssertTrue(server.handle(LanguageServerTests.didOpen(uri, "")))
        server.waitForChecks()
        let diagnostics = try XCTUnwrap(client.diagnostics(of: uri))
        XCTAssertEqual(
            diagnostics.compactMap { $0["message"] as? String },
            ["the file is a FIFO, not a regular file; it is not read"])
        XCTAssertTrue(server.handle(LanguageServerTests.message(["jsonrpc": "2.0", "id": 5, "method": "shutdown"])))
        XCTAssertNotNil(client.response(of: 5))
    }
}
