import Foundation
import XCTest

@testable import LessonKit

/// `lesson lsp` driven by a real client: Neovim's built-in LSP client, headless, with the script
/// `Fixtures/editor/neovim-client.lua`. Debian's `neovim` package (`.ci/run` installs it); skipped where
/// `nvim` is absent.
final class NeovimClientTests: XCTestCase {
    func testAnAuthorAcceptsTheOutputSavesAndBreaksALineInNeovim() throws {
        let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try XCTSkipIf(nvim == nil, "nvim is not installed (apt-get install neovim): the Neovim client test is skipped")
        let folder = try TestSupport.temporaryFolder("neovim")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = folder + "/ders.md"
        try Data(LanguageServerTests.lesson.utf8).write(to: URL(fileURLWithPath: lesson))
        var environment = ProcessInfo.processInfo.environment
        environment["LESSON_LSP_FILE"] = lesson
        environment["LESSON_LSP_BINARY"] = TestSupport.lessonExecutable
        environment["LESSON_LSP_LOG"] = folder + "/log.txt"
        environment["HOME"] = folder
        let script = TestSupport.packageRoot + "/Fixtures/editor/neovim-client.lua"
        let result = try Subprocess.run(
            nvim!, arguments: ["--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile " + script],
            environment: environment, workingDirectory: folder,
            limits: ProcessLimits(timeout: 300, outputLimit: 1 << 20))
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        let log = try String(contentsOfFile: folder + "/log.txt", encoding: .utf8)
        XCTAssertEqual(
            log,
            """
            opened: line 10 output-mismatch
            action: Accept the actual output (expected output)
            accepted: bir: 1
            saved: no diagnostic
            broken: line 11 output-mismatch
            stopped: true

            """)
        XCTAssertEqual(
            try String(contentsOfFile: lesson, encoding: .utf8),
            LanguageServerTests.lesson.replacingOccurrences(of: "bir: çok\niki: 2\n", with: "bir: 1\niki: üç\n"))
        XCTAssertEqual(try Self.serverProcesses(), [], "a lesson lsp outlived its client")
    }

    /// The command lines of running `lesson lsp` processes of this build.
    static func serverProcesses() throws -> [String] {
        let binary = TestSupport.lessonExecutable
        return try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { Int($0) != nil }.compactMap {
            guard let data = FileManager.default.contents(atPath: "/proc/\($0)/cmdline") else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.first == binary && words.dropFirst().first == "lsp" ? words.joined(separator: " ") : nil
        }
    }
}
