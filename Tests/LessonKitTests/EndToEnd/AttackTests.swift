import Foundation
import XCTest

@testable import LessonKit

/// Submissions that attack the grader's machine through what it shares with them: the terminal it was
/// started from, descriptors its caller left open, and shared memory that outlives a run. Each attack
/// works against an unprotected program (`Fixtures/grading/attacks/`), and fails in every grading
/// environment. Two environments at a time, where an attack leaves nothing a neighbour could see; the
/// shared memory attack one at a time, since its runs must not see each other's segments.
final class AttackTests: XCTestCase {
    private static func gradeArguments(_ attack: String) -> [String] {
        [
            TestSupport.lessonExecutable, "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise",
            "tree-count", "--submission", "Fixtures/grading/attacks/\(attack)",
        ]
    }

    /// The test's own PATH, where `swiftc` is.
    private static let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    private static func shell(_ words: [String]) -> String { words.map(Sandbox.quoted).joined(separator: " ") }

    /// Runs `script` in `environment`: the grader gets a pseudo-terminal as its controlling terminal, and
    /// the shell reads that terminal after grading, as an instructor's shell would.
    func testNoKeystrokeReachesTheTerminalTheGraderRunsIn() throws {
        try GradingEnvironment.skipUnlessReproducible()
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux's script")
        let path = Self.path
        let outputs = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("tty")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let command =
                Self.shell(environment.wrap(Self.gradeArguments("tty-inject")))
                + " | grep pushed; read -t 2 line; echo \"after grading the terminal held [$line]\""
            let result = try Subprocess.run(
                "/usr/bin/script", arguments: ["-qec", command, "/dev/null"],
                environment: ["PATH": path, "SHELL": "/bin/bash", "HOME": scratch, "TMPDIR": scratch],
                workingDirectory: TestSupport.packageRoot, limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
            return String(decoding: result.standardOutput, as: UTF8.self)
        }
        for (environment, output) in outputs {
            XCTAssertTrue(output.contains("+pushed 0"), "\(environment.rawValue): \(output)")
            XCTAssertTrue(output.contains("after grading the terminal held []"), "\(environment.rawValue): \(output)")
        }
    }

    /// Descriptors 7 and 8, opened on secret files by the grader's caller, never reach the student.
    func testDescriptorsOfTheCallerDoNotReachTheStudent() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let path = Self.path
        let outputs = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("descriptors")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            try Data("hidden tests".utf8).write(to: URL(fileURLWithPath: scratch + "/hidden.md"))
            try Data("reference solution".utf8).write(to: URL(fileURLWithPath: scratch + "/solution.swift"))
            let command =
                "exec 7<\(Sandbox.quoted(scratch + "/hidden.md")) 8<\(Sandbox.quoted(scratch + "/solution.swift")); exec "
                + Self.shell(environment.wrap(Self.gradeArguments("descriptors")))
            let result = try Subprocess.run(
                "/bin/bash", arguments: ["-c", command],
                environment: ["PATH": path, "HOME": scratch, "TMPDIR": scratch],
                workingDirectory: TestSupport.packageRoot, limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
            return String(decoding: result.standardOutput, as: UTF8.self)
        }
        for (environment, output) in outputs {
            XCTAssertTrue(output.contains("+open: none\n    +fd 7: nothing"), "\(environment.rawValue): \(output)")
        }
    }

    /// The mount table a program can read names no folder the grader hides, where Landlock hides them.
    func testTheMountTableNamesNoInstructorFolder() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let sandbox = Sandbox.detect(policy: SandboxPolicy(), launcher: TestSupport.lessonExecutable)
        try XCTSkipUnless(sandbox.usesLandlock, "without Landlock, the mount namespace's covers name what they hide")
        let scratch = try GradingEnvironment.scratch("mounts")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = try GradingEnvironment.fullRoot.runLesson(
            Array(Self.gradeArguments("mounts").dropFirst()), scratch: scratch)
        XCTAssertTrue(result.standardOutput.contains("+covers named: 0"), result.standardOutput)
    }

    /// A program that exits with 128 + SIGILL has not trapped, and one that imitates the grader's set-up
    /// failure neither becomes a grader error nor carries a hidden test's data out, in every environment.
    func testAProgramCannotImitateATrapOrTheGrader() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let graded = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("imitate")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let trap = try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/trap-exercise.md", "--exercise", "must-trap",
                    "--submission", "Fixtures/grading/attacks/fake-trap",
                ], scratch: scratch)
            let setUp = try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--hidden",
                    "Fixtures/grading/hidden/sync-engine.md", "--submission",
                    "Fixtures/grading/attacks/fake-setup-failure",
                ], scratch: scratch)
            return (trap: trap.standardOutput, setUp: setUp.standardOutput)
        }
        for (environment, output) in graded {
            XCTAssertTrue(
                output.trap.contains("your program should have trapped, but it exited with status 132"),
                "\(environment.rawValue): \(output.trap)")
            XCTAssertFalse(output.setUp.contains("LEAK"), "\(environment.rawValue): \(output.setUp)")
            XCTAssertFalse(output.setUp.contains("ERROR"), "\(environment.rawValue): \(output.setUp)")
        }
    }

    /// Kernel memory held in socket buffers counts against the memory limit: a program cannot grow a
    /// socket's buffer, and eight processes holding 60 filled socket pairs each (about 110 MiB queued with
    /// little resident) are stopped at a 256 MiB limit, where they ran to the end.
    func testSocketBuffersCountAgainstTheMemoryLimit() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let graded = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("sockets")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let arguments = Array(Self.gradeArguments("socket-buffers").dropFirst()) + ["--memory-limit", "256M"]
            return try environment.runLesson(arguments, scratch: scratch).standardOutput
        }
        for (environment, output) in graded {
            XCTAssertTrue(
                output.contains("đã dừng: giới hạn bộ nhớ 256 MiB\n    kết quả trước khi dừng:\n    grow: refused\n"),
                "\(environment.rawValue): \(output)")
            XCTAssertFalse(output.contains("held: 480 pairs"), "\(environment.rawValue): \(output)")
        }
    }

    /// What one run leaves in System V or POSIX shared memory is gone for the next run.
    func testSharedMemoryDoesNotOutliveARun() throws {
        try GradingEnvironment.skipUnlessReproducible()
        for environment in GradingEnvironment.allCases {
            let scratch = try GradingEnvironment.scratch("shm")
            defer {
                try? FileManager.default.removeItem(atPath: scratch)
                try? FileManager.default.removeItem(atPath: "/dev/shm/lesson-attack")
                _ = try? Subprocess.run(
                    "/usr/bin/ipcrm", arguments: ["-M", "0x4C53484D"], environment: [:],
                    limits: ProcessLimits(timeout: 10, outputLimit: 1 << 16))
            }
            for attack in ["shm-write", "shm-read"] {
                let arguments = Array(Self.gradeArguments(attack).dropFirst())
                let result = try environment.runLesson(arguments, scratch: scratch)
                if attack == "shm-read" {
                    XCTAssertTrue(
                        result.standardOutput.contains("+System V: nothing\n    +POSIX: nothing"),
                        "\(environment.rawValue): \(result.standardOutput)")
                }
            }
        }
    }
}
