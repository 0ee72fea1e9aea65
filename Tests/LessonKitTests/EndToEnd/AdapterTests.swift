import Foundation
import Testing

@testable import LessonKit

/// The platform adapters: within the platforms' time windows, shellcheck-clean, and carried by the checker
/// as they are in `Adapters/` (each platform's own run of them is `PlatformPackTests`).
///
/// A Swift Testing suite: its gradings mostly wait for their windows, and Swift Testing runs its suites at
/// once, so that waiting overlaps the course package's build (`CoursePackageTests`). Its two gradings run
/// one after the other (`.serialized`): each holds one of the sandbox users for seconds.
@Suite(.serialized) struct AdapterTests {
    private let root = TestSupport.packageRoot

    /// Exercism stops a test run at 20 s. A submission that never ends still gets a results.json, with the
    /// looping test stopped by its own limit and the others passed.
    @Test func aLoopingSubmissionGetsExercismResultsWithinItsWindow() throws {
        let work = try GradingEnvironment.scratch("exercism")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work + "/input", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: root + "/Fixtures/grading/platform/sync-engine-loop/Sync.swift", toPath: work + "/input/Sync.swift")
        // Exercism's window: a run still going at 20 s is halted and the student sees nothing.
        let result = try TestSupport.runExercismAdapter(work: work, timeout: 20)
        #expect(result.termination == .exited(0), "\(String(decoding: result.standardError, as: UTF8.self))")
        let results =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: work + "/output/results.json"))) as? [String: Any]
        let tests = try #require(results?["tests"] as? [[String: Any]])
        #expect(results?["status"] as? String == "fail")
        #expect(tests.map { $0["status"] as? String } == ["pass", "fail", "pass", "pass"])
        #expect(tests[1]["message"] as? String == "durduruldu: süre sınırı 10 sn")
    }

    /// A budget that runs out says so on the tests it cut short: an `error`, not a wrong answer.
    @Test func theBudgetCutsATestShortAndSaysSo() throws {
        let work = try GradingEnvironment.scratch("budget")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let result = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--submission",
            "Fixtures/grading/platform/sync-engine-loop/Sync.swift", "--timeout", "30", "--budget", "6", "--format",
            "exercism", "--output", work,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOfFile: work + "/results.json", encoding: .utf8)
        #expect(text.contains("\"message\" : \"bitmedi: tüm değerlendirmenin 6 sn süre bütçesi doldu\""), "\(text)")
    }

    private static let scripts = [
        "Adapters/common/lesson-adapter.sh", "Adapters/exercism/bin/run.sh", "Adapters/gradescope/run_autograder",
        "Adapters/gradescope/setup.sh", "Adapters/prairielearn/run.sh", "Adapters/codegrade/run.sh",
    ]

    private static let shellcheck = ["/usr/bin/shellcheck", "/bin/shellcheck"].first(
        where: FileManager.default.isExecutableFile)

    /// The adapters pass shellcheck, following what each sources (`lesson-adapter.sh`) from its own folder.
    @Test(.enabled(if: shellcheck != nil, "shellcheck is not installed (apt-get install shellcheck)"))
    func adaptersAreShellcheckClean() throws {
        let result = try Subprocess.run(
            try #require(Self.shellcheck), arguments: ["--external-sources", "--source-path=SCRIPTDIR"] + Self.scripts,
            environment: [:], workingDirectory: root, limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
        #expect(result.termination == .exited(0), "\(String(decoding: result.standardOutput, as: UTF8.self))")
    }

    /// `lesson pack` writes the adapters of `Adapters/` byte for byte (the toolchain's version written in for
    /// `@SWIFT_VERSION@`), with their modes: the checker carries every file of that folder.
    @Test func packsCarryTheAdaptersOfThisRepository() throws {
        let manager = FileManager.default
        let files = try manager.subpathsOfDirectory(atPath: root + "/Adapters").filter {
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: root + "/Adapters/" + $0, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(Set(files) == Set(Embedded.adapterFiles.map(\.path)))
        for entry in Embedded.adapterFiles {
            let path = root + "/Adapters/" + entry.path
            #expect(Data(base64Encoded: entry.base64) == manager.contents(atPath: path), "\(entry.path)")
            #expect(entry.executable == manager.isExecutableFile(atPath: path), "\(entry.path)")
        }
        for script in Self.scripts.dropFirst() { #expect(manager.isExecutableFile(atPath: root + "/" + script)) }
    }
}
