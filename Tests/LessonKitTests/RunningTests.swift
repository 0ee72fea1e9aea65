import Foundation
import XCTest

@testable import LessonKit

/// The process runner: limits enforced while reading, and nothing left behind.
final class RunningTests: XCTestCase {
    private let shell = "/bin/sh"

    func testCapturesBothStreamsAndExitStatus() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "echo out; echo err >&2; exit 3"], environment: [:],
            limits: ProcessLimits(timeout: 10, outputLimit: 1024))
        XCTAssertEqual(result.termination, .exited(3))
        XCTAssertEqual(String(decoding: result.standardOutput, as: UTF8.self), "out\n")
        XCTAssertEqual(String(decoding: result.standardError, as: UTF8.self), "err\n")
    }

    func testTimeoutKillsTheWholeProcessGroup() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("lesson-orphan-\(getpid())").path
        let result = try Subprocess.run(
            shell, arguments: ["-c", "(sleep 3; touch \(marker)) & sleep 30"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 0.5, outputLimit: 1024))
        XCTAssertEqual(result.termination, .timedOut)
        Thread.sleep(forTimeInterval: 3.5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "a process of the group outlived the run")
    }

    func testOutputCapStopsAFlood() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "while true; do echo flood; done"], environment: [:],
            limits: ProcessLimits(timeout: 20, outputLimit: 10_000))
        XCTAssertEqual(result.termination, .outputLimitExceeded)
        XCTAssertEqual(result.standardOutput.count, 10_000)
    }

    func testAProgramThatClosesItsOutputStillHasUntilTheDeadline() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "echo before; exec >&- 2>&-; sleep 0.3; exit 4"],
            environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 10, outputLimit: 1024))
        XCTAssertEqual(result.termination, .exited(4))
        XCTAssertEqual(String(decoding: result.standardOutput, as: UTF8.self), "before\n")
        let endless = try Subprocess.run(
            shell, arguments: ["-c", "exec >&- 2>&-; sleep 30"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 0.5, outputLimit: 1024))
        XCTAssertEqual(endless.termination, .timedOut)
    }

    func testChildThatExitsWhileADescendantHoldsThePipeDoesNotHang() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "sleep 20 & echo done"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 15, outputLimit: 1024))
        XCTAssertEqual(result.termination, .exited(0))
        XCTAssertEqual(String(decoding: result.standardOutput, as: UTF8.self), "done\n")
        XCTAssertLessThan(result.seconds, 10)
    }
}
