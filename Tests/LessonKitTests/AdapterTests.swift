import Foundation
import Testing

@testable import LessonKit

/// The platform adapters: within the platforms' time windows, shellcheck-clean, and naming only files
/// that exist.
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

    /// PrairieLearn's layout (`/grade/student`, `tests`, `serverFilesCourse`, `results`), a Classroom 50
    /// repository and a CodeGrade step, each graded by its adapter as the platform calls it, with the
    /// hidden tests: the file each platform reads, in its format, with nothing of a hidden test in it.
    @Test func thePrairieLearnClassroom50AndCodeGradeAdaptersWriteTheirPlatformsFiles() throws {
        let work = try GradingEnvironment.scratch("adapters")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let fixtures = root + "/Fixtures/grading"
        let manager = FileManager.default
        for folder in ["student", "tests/hidden", "serverFilesCourse", "repository"] {
            try manager.createDirectory(atPath: work + "/grade/" + folder, withIntermediateDirectories: true)
        }
        let submission = fixtures + "/submissions/sync-engine/hidden-trap/Sync.swift"
        try manager.copyItem(atPath: submission, toPath: work + "/grade/student/Sync.swift")
        try manager.copyItem(atPath: submission, toPath: work + "/grade/repository/Sync.swift")
        try manager.copyItem(
            atPath: fixtures + "/engine-exercise.md", toPath: work + "/grade/serverFilesCourse/lesson.md")
        try manager.copyItem(
            atPath: fixtures + "/hidden/sync-engine.md", toPath: work + "/grade/tests/hidden/sync-engine.md")
        try Data("EXERCISE=sync-engine\nLESSON=lesson.md\nHIDDEN=hidden/sync-engine.md\n".utf8).write(
            to: URL(fileURLWithPath: work + "/grade/tests/exercise.conf"))
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LESSON_BIN": TestSupport.lessonExecutable,
            "GRADE_ROOT": work + "/grade", "LESSON_HIDDEN": fixtures + "/hidden/sync-engine.md",
            "CG_JUNIT_XML_LOCATION": work + "/codegrade.xml",
        ]
        func run(_ script: String, _ arguments: [String]) throws {
            let result = try Subprocess.run(
                root + "/Adapters/" + script, arguments: arguments, environment: environment,
                workingDirectory: work + "/grade/repository", limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            #expect(
                result.termination == .exited(0), "\(script): \(String(decoding: result.standardError, as: UTF8.self))")
        }
        try run("prairielearn/run.sh", [])
        try run("classroom50/grade.sh", ["sync-engine", fixtures + "/engine-exercise.md", ".", work + "/result.json"])
        try run(
            "codegrade/run.sh", ["sync-engine", fixtures + "/engine-exercise.md", fixtures + "/hidden/sync-engine.md"])
        let golden = fixtures + "/expected/sync-engine/hidden-trap."
        let written = [
            (work + "/grade/results/results.json", golden + "prairielearn.json"),
            (work + "/result.json", golden + "classroom50.json"), (work + "/codegrade.xml", golden + "junit.xml"),
        ]
        for (path, expected) in written {
            // The goldens were graded with times of 0; the adapters' files have the times of this run.
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
                of: #"time="[0-9.]+""#, with: #"time="0.000""#, options: .regularExpression)
            #expect(text == (try String(contentsOfFile: expected, encoding: .utf8)), "\(path)")
        }
        #expect(!manager.fileExists(atPath: work + "/grade/results/instructor.json"))
    }

    private static let scripts = [
        "Adapters/exercism/bin/run.sh", "Adapters/gradescope/run_autograder", "Adapters/gradescope/setup.sh",
        "Adapters/prairielearn/run.sh", "Adapters/classroom50/grade.sh", "Adapters/codegrade/run.sh",
    ]

    private static let shellcheck = ["/usr/bin/shellcheck", "/bin/shellcheck"].first(
        where: FileManager.default.isExecutableFile)

    /// The adapters pass shellcheck.
    @Test(.enabled(if: shellcheck != nil, "shellcheck is not installed (apt-get install shellcheck)"))
    func adaptersAreShellcheckClean() throws {
        let result = try Subprocess.run(
            try #require(Self.shellcheck), arguments: Self.scripts.map { root + "/" + $0 }, environment: [:],
            limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
        #expect(result.termination == .exited(0), "\(String(decoding: result.standardOutput, as: UTF8.self))")
    }

    /// Every file of this repository the adapters name exists.
    @Test func adaptersNameExistingFiles() throws {
        // The Dockerfile copies from the repository root; setup.sh installs run_autograder from the source.
        let dockerfile = try String(contentsOfFile: root + "/Adapters/exercism/Dockerfile", encoding: .utf8)
        let copied = dockerfile.split(separator: "\n").filter { $0.hasPrefix("COPY ") && !$0.contains("--from=") }
            .map { $0.split(separator: " ")[1] }
        #expect(copied == ["Package.swift", "Sources", "Plugins", "Tests", "Lessons", "Adapters/exercism/bin/run.sh"])
        for path in copied { #expect(FileManager.default.fileExists(atPath: root + "/" + path), "\(path)") }
        for script in Self.scripts { #expect(FileManager.default.isExecutableFile(atPath: root + "/" + script)) }
        let setup = try String(contentsOfFile: root + "/Adapters/gradescope/setup.sh", encoding: .utf8)
        #expect(setup.contains("\"$source_dir/Adapters/gradescope/run_autograder\""))
    }
}
