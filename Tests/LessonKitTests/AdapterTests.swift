import Foundation
import XCTest

@testable import LessonKit

/// The platform adapters: within the platforms' time windows, shellcheck-clean, and naming only files
/// that exist.
final class AdapterTests: XCTestCase {
    private let root = TestSupport.packageRoot

    /// Exercism stops a test run at 20 s. A submission that never ends still gets a results.json, with the
    /// looping test stopped by its own limit and the others passed.
    func testALoopingSubmissionGetsExercismResultsWithinItsWindow() throws {
        let work = try GradingEnvironment.scratch("exercism")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work + "/input", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: root + "/Fixtures/grading/platform/sync-engine-loop/Sync.swift", toPath: work + "/input/Sync.swift")
        // Exercism's window: a run still going at 20 s is halted and the student sees nothing.
        let result = try TestSupport.runExercismAdapter(work: work, timeout: 20)
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        let results =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: work + "/output/results.json"))) as? [String: Any]
        let tests = try XCTUnwrap(results?["tests"] as? [[String: Any]])
        XCTAssertEqual(results?["status"] as? String, "fail")
        XCTAssertEqual(tests.map { $0["status"] as? String }, ["pass", "fail", "pass", "pass"])
        XCTAssertEqual(tests[1]["message"] as? String, "durduruldu: süre sınırı 10 sn")
    }

    /// A budget that runs out says so on the tests it cut short: an `error`, not a wrong answer.
    func testTheBudgetCutsATestShortAndSaysSo() throws {
        let work = try GradingEnvironment.scratch("budget")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let result = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--submission",
            "Fixtures/grading/platform/sync-engine-loop/Sync.swift", "--timeout", "30", "--budget", "6", "--format",
            "exercism", "--output", work,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let text = try String(contentsOfFile: work + "/results.json", encoding: .utf8)
        XCTAssertTrue(
            text.contains("\"message\" : \"bitmedi: tüm değerlendirmenin 6 sn süre bütçesi doldu\""), text)
    }

    /// The adapters pass shellcheck, and every file of this repository they name exists.
    func testAdaptersAreShellcheckCleanAndNameExistingFiles() throws {
        let scripts = [
            "Adapters/exercism/bin/run.sh", "Adapters/gradescope/run_autograder", "Adapters/gradescope/setup.sh",
        ]
        let shellcheck = ["/usr/bin/shellcheck", "/bin/shellcheck"].first(where: FileManager.default.isExecutableFile)
        if let shellcheck {
            let result = try Subprocess.run(
                shellcheck, arguments: scripts.map { root + "/" + $0 }, environment: [:],
                limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardOutput, as: UTF8.self))
        }
        // The Dockerfile copies from the repository root; setup.sh installs run_autograder from the source.
        let dockerfile = try String(contentsOfFile: root + "/Adapters/exercism/Dockerfile", encoding: .utf8)
        let copied = dockerfile.split(separator: "\n").filter { $0.hasPrefix("COPY ") && !$0.contains("--from=") }
            .map { $0.split(separator: " ")[1] }
        XCTAssertEqual(
            copied, ["Package.swift", "Sources", "Plugins", "Tests", "Lessons", "Adapters/exercism/bin/run.sh"])
        for path in copied { XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/" + path), String(path)) }
        let setup = try String(contentsOfFile: root + "/Adapters/gradescope/setup.sh", encoding: .utf8)
        XCTAssertTrue(setup.contains("\"$source_dir/Adapters/gradescope/run_autograder\""))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: root + "/Adapters/gradescope/run_autograder"))
        try XCTSkipIf(shellcheck == nil, "shellcheck is not installed (apt-get install shellcheck): not run")
    }
}
