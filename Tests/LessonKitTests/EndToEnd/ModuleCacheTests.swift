import Foundation
import XCTest

@testable import LessonKit

/// The compiler's module cache where the default one cannot be written: a user started with another
/// user's `HOME` (`sudo -u`, `setpriv --reuid`, a container run with `--user`) still builds.
final class ModuleCacheTests: XCTestCase {
    func testAHomeThatCannotHoldACacheFallsBackToAFolderOfTheUsersOwn() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let own = temporary + "/lesson-module-cache-\(geteuid())"
        XCTAssertEqual(ModuleCacheFolder.fallback(environment: ["HOME": "/dev/null"], temporary: temporary), own)
        var info = stat()
        XCTAssertEqual(lstat(own, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        XCTAssertEqual(ModuleCacheFolder.fallback(environment: [:], temporary: temporary), own)
        // The default is kept where it can be written: under XDG_CACHE_HOME first, then HOME.
        XCTAssertNil(ModuleCacheFolder.fallback(environment: ["HOME": temporary + "/home"], temporary: temporary))
        XCTAssertNil(
            ModuleCacheFolder.fallback(
                environment: ["HOME": "/dev/null", "XDG_CACHE_HOME": temporary + "/xdg"], temporary: temporary))
        XCTAssertTrue(FileManager.default.fileExists(atPath: temporary + "/xdg/clang/ModuleCache"))
    }

    /// Before the fallback, every scenario of this check was "the scenario does not build", with the
    /// compiler's "unable to open output file '/root/.cache/clang/ModuleCache/…': 'Permission denied'".
    func testANonRootUserWithRootsHomeStillBuilds() throws {
        try GradingEnvironment.skipUnlessReproducible()
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = "/root"
        environment["XDG_CACHE_HOME"] = nil
        environment["TMPDIR"] = nil
        let command = GradingEnvironment.nonRoot.wrap([
            TestSupport.lessonExecutable, "check", "--no-cache", "--color", "never", "Fixtures/check/pass/crlf-bom.md",
        ])
        let result = try Subprocess.run(
            command[0], arguments: Array(command.dropFirst()), environment: environment,
            workingDirectory: TestSupport.packageRoot, limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        XCTAssertEqual(String(decoding: result.standardOutput, as: UTF8.self), "1 passed, 0 failed\n")
    }
}
