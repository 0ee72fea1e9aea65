import Foundation
import Testing

@testable import LessonKit

/// Starts `lesson ARGUMENTS` with `TMPDIR` in a folder of its own, so its compilers can be told apart
/// from any other compiler on the machine by their paths.
private func startLesson(_ arguments: [String], temporary: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestSupport.lessonExecutable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: TestSupport.packageRoot)
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

extension WaitingTests {
    /// A grader that is interrupted or killed leaves nothing running and nothing behind, and a class batch
    /// still writes the summary of what it has.
    @Suite struct InterruptionTests {
        /// The command lines of running processes that mention `marker`.
        private func processes(mentioning marker: String) throws -> [String] {
            try TestSupport.processes(ownedBy: 0..<100_000).filter { $0.contains(marker) }
        }

        /// Waits until a compiler of this run is running, or a program of a student (a user of `students`)
        /// already is (its compile may start and end between two looks), at most 30 s.
        private func waitForCompiler(_ marker: String, orStudents students: Range<Int>? = nil) throws {
            for _ in 0..<300 {
                if try processes(mentioning: marker).contains(where: { $0.contains("swift-frontend") }) { return }
                if let students, try !TestSupport.processes(ownedBy: students).isEmpty { return }
                usleep(100_000)
            }
            Issue.record("no compiler started")
        }

        @Test func interruptedCheckAndGradeLeaveNoCompilerAndNoFolder() throws {
            for (signal, arguments) in [
                (SIGINT, ["check", "--no-cache", "Lessons"]),
                (
                    SIGTERM,
                    [
                        "grade", "--exercise", "uikit-sync-engine", "--lessons", "Lessons", "--submission",
                        "Lessons/uikit/solutions/uikit-sync-engine/Sync.swift",
                    ]
                ),
            ] {
                let temporary = try GradingEnvironment.scratch("interrupt")
                defer { try? FileManager.default.removeItem(atPath: temporary) }
                let process = try startLesson(arguments, temporary: temporary)
                try waitForCompiler(temporary)
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                #expect(process.terminationStatus == 128 + signal, "\(arguments[0])")
                sleep(1)
                #expect(try processes(mentioning: temporary) == [], "\(arguments[0]): compilers outlived it")
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: temporary) == [],
                    "\(arguments[0]): folders left")
            }
        }

        @Test func anInterruptedBatchStopsItsStudentsAndStillWritesTheSummary() throws {
            let temporary = try GradingEnvironment.scratch("batch")
            defer { try? FileManager.default.removeItem(atPath: temporary) }
            for student in ["a-sleeps", "b-sleeps", "c-sleeps", "d-sleeps"] {
                try FileManager.default.createDirectory(
                    atPath: temporary + "/class/" + student, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    atPath: TestSupport.packageRoot + "/Fixtures/grading/hostile/sleep-forever/main.swift",
                    toPath: temporary + "/class/\(student)/main.swift")
            }
            let process = try startLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                    "--submissions", temporary + "/class", "--output", temporary + "/results", "--jobs", "2",
                    "--timeout", "60", "--uid-base", "62000",
                ], temporary: temporary)
            try waitForCompiler(temporary, orStudents: 62_000..<62_010)
            sleep(2)
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130)
            let summary = try String(contentsOfFile: temporary + "/results/summary.csv", encoding: .utf8)
            let rows = summary.split(separator: "\n").map { $0.split(separator: ",").prefix(4).joined(separator: ",") }
            #expect(
                rows == [
                    "student,score,max_score,status", "a-sleeps,0,1,error", "b-sleeps,0,1,error", "c-sleeps,0,1,error",
                    "d-sleeps,0,1,error",
                ])
            let unstarted = try String(contentsOfFile: temporary + "/results/d-sleeps/results.json", encoding: .utf8)
            #expect(
                unstarted.contains(
                    "\"message\" : \"bài nộp này không thể chấm: việc chấm bị gián đoạn trước bài nộp này\""),
                "\(unstarted)")
            sleep(1)
            #expect(try processes(mentioning: temporary).filter { !$0.contains("ps -eo") } == [])
            #expect(try TestSupport.processes(ownedBy: 62_000..<62_010) == [], "the students' programs outlived it")
        }
    }

    /// A checker killed outright (SIGKILL, which no handler sees) still leaves no compiler: compilers run under
    /// the launcher's reaper, which the kernel tells when the checker dies.
    @Suite struct KilledCheckerTests {
        @Test func aKilledCheckLeavesNoCompiler() throws {
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("killed-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: temporary) }
            let process = try startLesson(["check", "--no-cache", "Lessons"], temporary: temporary)
            func compilers() throws -> [String] {
                try TestSupport.processes(ownedBy: 0..<100_000).filter {
                    $0.contains(temporary) && $0.contains("swift")
                }
            }
            var started = false
            for _ in 0..<300 where !started {
                started = try compilers().contains { $0.contains("swift-frontend") }
                if !started { usleep(100_000) }
            }
            #expect(started, "no compiler started")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            sleep(1)
            #expect(try compilers() == [], "compilers outlived a killed check")
        }
    }
}
