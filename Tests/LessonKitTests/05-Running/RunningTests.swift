import Foundation
import Testing

@testable import LessonKit

/// The process runner: limits enforced while reading, and nothing left behind.
///
/// A Swift Testing suite, like the other tests that mostly wait (`AdapterTests`): Swift Testing runs after
/// XCTest and runs its suites at once, so their waiting overlaps the course package's build
/// (`CoursePackageTests`) instead of adding to the suite's time.
@Suite struct RunningTests {
    private let shell = "/bin/sh"

    @Test func capturesBothStreamsAndExitStatus() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "echo out; echo err >&2; exit 3"], environment: [:],
            limits: ProcessLimits(timeout: 10, outputLimit: 1024))
        #expect(result.termination == .exited(3))
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "out\n")
        #expect(String(decoding: result.standardError, as: UTF8.self) == "err\n")
    }

    @Test func timeoutKillsTheWholeProcessGroup() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lesson-orphan-\(getpid())-\(UUID().uuidString.prefix(8))"
        ).path
        let result = try Subprocess.run(
            shell, arguments: ["-c", "(sleep 3; touch \(marker)) & sleep 30"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 0.5, outputLimit: 1024))
        #expect(result.termination == .timedOut)
        Thread.sleep(forTimeInterval: 3.5)
        #expect(!FileManager.default.fileExists(atPath: marker), "a process of the group outlived the run")
    }

    @Test func outputCapStopsAFlood() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "while true; do echo flood; done"], environment: [:],
            limits: ProcessLimits(timeout: 20, outputLimit: 10_000))
        #expect(result.termination == .outputLimitExceeded)
        #expect(result.standardOutput.count == 10_000)
    }

    @Test func aProgramThatClosesItsOutputStillHasUntilTheDeadline() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "echo before; exec >&- 2>&-; sleep 0.3; exit 4"],
            environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 10, outputLimit: 1024))
        #expect(result.termination == .exited(4))
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "before\n")
        let endless = try Subprocess.run(
            shell, arguments: ["-c", "exec >&- 2>&-; sleep 30"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 0.5, outputLimit: 1024))
        #expect(endless.termination == .timedOut)
    }

    @Test func childThatExitsWhileADescendantHoldsThePipeDoesNotHang() throws {
        let result = try Subprocess.run(
            shell, arguments: ["-c", "sleep 20 & echo done"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(timeout: 15, outputLimit: 1024))
        #expect(result.termination == .exited(0))
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "done\n")
        #expect(result.seconds < 10)
    }
}
