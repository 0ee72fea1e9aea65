import Foundation
import Testing

@testable import LessonKit

/// A course of its own (`Fixtures/platform-course`: Vietnamese, an engine under `Engines/Bank/`, an exercise
/// with hidden tests and a reference solution), packed by `lesson pack` for each platform and graded by the
/// pack's adapter run as the platform runs it, for a class of students (`class/`). Each result is what the
/// platform accepts, with the score `lesson grade` gives in the course's folder, and nothing of a hidden test
/// in what a student reads.
///
/// Serialized: each grading holds one of the sandbox users.
@Suite(.serialized) struct PlatformPackTests {
    static let course = TestSupport.packageRoot + "/Fixtures/platform-course"
    static let lesson = "Lessons/02-mo-ta-tai-khoan.md"

    /// Each student's score of 6, or nil for a result of status error with no test passed.
    static let scores: [String: Int] = [
        "correct": 6, "wrong": 0, "no-compile": 0, "wrong-name": 0, "crash": 0, "no-file": 0, "two-files": 0,
        "own-engine": 6, "loop": 0,
    ]

    private static func pack(_ platform: String, into folder: String) throws {
        try TestSupport.pack(platform, exercise: "bank-describe", lesson: lesson, into: folder, course: course)
    }

    private static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(extra) { $1 }
    }

    /// A copy of a student's files, as the platform hands them to the grader.
    private static func copyStudent(_ name: String, to folder: String) throws {
        try FileManager.default.createDirectory(
            atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: course + "/class/" + name, toPath: folder)
    }

    private static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path)")
    }

    /// The pack holds the adapter, the lesson, the course's engine, the hidden tests and the checker: no
    /// reference solution and no other file of the course.
    @Test func aPackHoldsWhatItsPlatformGradesWithAndNothingElse() throws {
        let work = try GradingEnvironment.scratch("pack")
        defer { try? FileManager.default.removeItem(atPath: work) }
        var files: [String: [String]] = [:]
        for platform in Platform.allCases {
            try Self.pack(platform.rawValue, into: work + "/" + platform.rawValue)
            files[platform.rawValue] = try FileManager.default.subpathsOfDirectory(
                atPath: work + "/" + platform.rawValue
            )
            .filter {
                !$0.hasSuffix("/")
                    && !["bin", "course", "course/Lessons", "course/Engines", "course/Engines/Bank", "course/hidden"]
                        .contains($0)
            }
            .sorted()
        }
        let course = [
            "README.md", "bin/lesson", "bin/lesson-contain", "course/Engines/Bank/Account.swift",
            "course/Lessons/02-mo-ta-tai-khoan.md", "course/hidden/bank-describe.md", "exercise.conf",
        ]
        // Classroom 50's runner builds the checker from its package when the packed one does not run there.
        #expect(
            files["classroom50"]?.filter { !$0.hasPrefix("checker-source") } == (course + ["autograder.py"]).sorted())
        #expect(FileManager.default.fileExists(atPath: work + "/classroom50/checker-source/Package.swift"))
        #expect(
            FileManager.default.fileExists(
                atPath: work + "/classroom50/checker-source/Sources/LessonKit/14-Grading/PlatformPack.swift"))
        #expect(!(files["classroom50"] ?? []).contains { $0.contains(".build") })
        #expect(files["gradescope"] == (course + ["lesson-adapter.sh", "run_autograder", "setup.sh"]).sorted())
        #expect(
            files["prairielearn"] == (course + ["externalGradingOptions.json", "lesson-adapter.sh", "run.sh"]).sorted())
        #expect(files["exercism"] == (course + ["Dockerfile", "bin/run.sh", "lesson-adapter.sh"]).sorted())
        #expect(files["codegrade"] == (course + ["lesson-adapter.sh", "run.sh"]).sorted())
        let conf = try String(contentsOfFile: work + "/gradescope/exercise.conf", encoding: .utf8)
        #expect(
            conf.hasPrefix(
                "EXERCISE=bank-describe\nLESSON=course/Lessons/02-mo-ta-tai-khoan.md\nHIDDEN=course/hidden/bank-describe.md\n"
                    + "ENGINES=course/Engines\nSWIFT_VERSION="))
        let dockerfile = try String(contentsOfFile: work + "/exercism/Dockerfile", encoding: .utf8)
        #expect(dockerfile.contains("ARG SWIFT_IMAGE=swift:" + (try TestSupport.toolchain().version()) + "\n"))
        // A folder that holds anything is never written into.
        let again = try TestSupport.runLesson(
            [
                "pack", "gradescope", "--exercise", "bank-describe", "--lesson", Self.lesson, "--output",
                work + "/gradescope",
            ],
            in: Self.course)
        #expect(again.status == 2)
        #expect(again.standardError.contains("\(work)/gradescope is not empty"))
    }

    /// Classroom 50's runner: `python3 autograder.py` in the student's checkout, the run's identity in the
    /// environment, the bundle in CLASSROOM50_BUNDLE_DIR. Every student's result.json passes the runner's
    /// `validate_result`, with the right score, and a release-body.md says it in the course's language.
    @Test func classroom50AcceptsEveryStudentsResult() throws {
        let work = try GradingEnvironment.scratch("classroom50")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let bundle = work + "/runtime/bank-describe"
        try Self.pack("classroom50", into: bundle)
        let run = TestSupport.classroom50Environment
        for (student, score) in Self.scores.sorted(by: { $0.key < $1.key }) {
            let checkout = work + "/checkout-" + student
            try Self.copyStudent(student, to: checkout)
            let result = try Subprocess.run(
                "/usr/bin/env", arguments: ["python3", bundle + "/autograder.py"],
                environment: Self.environment(
                    run.merging([
                        "CLASSROOM50_BUNDLE_DIR": bundle, "LESSON_TIME_BUDGET": "40", "LESSON_TEST_TIMEOUT": "2",
                    ]) { $1 }),
                workingDirectory: checkout, limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
            #expect(
                result.termination == .exited(0), "\(student): \(String(decoding: result.standardError, as: UTF8.self))"
            )
            let written = try Self.json(checkout + "/result.json")
            #expect(
                Classroom50Contract.violation(
                    written, classroom: run["CLASSROOM"]!, assignment: run["ASSIGNMENT"]!, owner: run["USERNAME"])
                    == nil, "\(student)")
            #expect(written["score"] as? Int == score, "\(student)")
            #expect(written["max-score"] as? Int == 6, "\(student)")
            let body = try String(contentsOfFile: checkout + "/release-body.md", encoding: .utf8)
            #expect(body.hasPrefix("### bài tập bank-describe: "), "\(student)")
            Self.expectNoHiddenLocation(body, "classroom50 \(student)")
        }
        let noFile = try String(contentsOfFile: work + "/checkout-no-file/release-body.md", encoding: .utf8)
        #expect(
            noFile.contains(
                "bài nộp này không thể chấm: bài nộp không có tệp .swift nào; cần Describe.swift hoặc đúng một tệp .swift"
            ))
    }

    /// Exercism, Gradescope, PrairieLearn and CodeGrade, each in its platform's layout: the score
    /// `lesson grade` gives in the course's folder, from the course's own engine whatever the student
    /// committed (`own-engine`), and no hidden test's location in the student's file.
    @Test(arguments: ["exercism", "gradescope", "prairielearn", "codegrade"])
    func everyAdapterGradesWithTheCoursesEngineAndHidesTheHiddenTests(_ platform: String) throws {
        let work = try GradingEnvironment.scratch(platform)
        defer { try? FileManager.default.removeItem(atPath: work) }
        // Right, calling a name it lacks (the hidden tests call it too), and right with a rigged engine of its
        // own committed beside it; Classroom 50's class above has the others.
        for student in ["correct", "wrong-name", "own-engine"] {
            let (text, score) = try Self.grade(student, on: platform, in: work + "/" + student)
            #expect(score == Self.scores[student], "\(platform) \(student)")
            Self.expectNoHiddenLocation(text, "\(platform) \(student)")
        }
    }

    /// The result cache knows an exercise's hidden tests by everything that grades them: a reference solution
    /// edited since a passing check fails the check from the same (warm) cache.
    @Test func aChangedReferenceSolutionFailsItsExerciseFromAWarmCache() throws {
        let work = try GradingEnvironment.scratch("solution-cache")
        defer { try? FileManager.default.removeItem(atPath: work) }
        for folder in ["Engines", "Lessons"] {
            try FileManager.default.copyItem(atPath: Self.course + "/" + folder, toPath: work + "/" + folder)
        }
        let check = ["check", "--cache-dir", work + "/cache", "Lessons/hidden/bank-describe.md"]
        let first = try TestSupport.runLesson(check, in: work)
        #expect(first.status == 0, "\(first.standardOutput)")
        let solution = work + "/Lessons/solutions/bank-describe/Describe.swift"
        let text = try String(contentsOfFile: solution, encoding: .utf8)
        try Data(text.replacingOccurrences(of: " đồng", with: " VND").utf8).write(to: URL(fileURLWithPath: solution))
        let second = try TestSupport.runLesson(check, in: work)
        #expect(second.status == 1)
        #expect(second.standardOutput.hasSuffix("0 passed, 2 failed\n"), "\(second.standardOutput)")
    }

    /// Grades `student` as `platform` runs its adapter; the student-facing file and the score it gives.
    private static func grade(_ student: String, on platform: String, in work: String) throws -> (String, Int?) {
        let manager = FileManager.default
        let result: ProcessResult
        let written: String
        switch platform {
        case "exercism":
            try pack(platform, into: work + "/runner")
            try copyStudent(student, to: work + "/iteration")
            result = try Subprocess.run(
                work + "/runner/bin/run.sh", arguments: ["bank-describe", work + "/iteration/", work + "/iteration/"],
                environment: environment(), workingDirectory: work + "/runner",
                limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            written = work + "/iteration/results.json"
        case "gradescope":
            try pack(platform, into: work + "/source")
            try manager.copyItem(atPath: work + "/source/run_autograder", toPath: work + "/run_autograder")
            try copyStudent(student, to: work + "/submission")
            result = try Subprocess.run(
                work + "/run_autograder", arguments: [], environment: environment(["AUTOGRADER_ROOT": work]),
                workingDirectory: work, limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            written = work + "/results/results.json"
        case "prairielearn":
            try pack(platform, into: work + "/grade/serverFilesCourse/lesson-bank")
            try copyStudent(student, to: work + "/grade/student")
            try manager.createDirectory(atPath: work + "/grade/tests", withIntermediateDirectories: true)
            result = try Subprocess.run(
                work + "/grade/serverFilesCourse/lesson-bank/run.sh", arguments: [],
                environment: environment(["GRADE_ROOT": work + "/grade"]), workingDirectory: work + "/grade",
                limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            written = work + "/grade/results/results.json"
        default:
            try pack(platform, into: work + "/fixtures")
            try copyStudent(student, to: work + "/student")
            result = try Subprocess.run(
                work + "/fixtures/run.sh", arguments: [],
                environment: environment(["CG_JUNIT_XML_LOCATION": work + "/results.xml"]),
                workingDirectory: work + "/student", limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            written = work + "/results.xml"
        }
        #expect(
            result.termination == .exited(0), "\(platform): \(String(decoding: result.standardError, as: UTF8.self))")
        let text = try String(contentsOfFile: written, encoding: .utf8)
        return (text, try score(text, platform))
    }

    /// The points of a platform's result, as the platform counts them.
    private static func score(_ text: String, _ platform: String) throws -> Int? {
        if platform == "codegrade" {
            // CodeGrade counts passing test cases: all of them here are 6 points, none 0.
            let passing = text.components(separatedBy: "<testcase ").dropFirst().filter {
                !$0.contains("<failure") && !$0.contains("<error")
            }
            return passing.count == 4 ? 6 : passing.isEmpty ? 0 : nil
        }
        let result = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        switch platform {
        case "gradescope":
            let tests = try #require(result["tests"] as? [[String: Any]])
            for test in tests where (test["max_score"] as? Int ?? 0) > 0 {
                #expect(test["visibility"] as? String != "hidden")
            }
            return result["score"] as? Int
        case "prairielearn":
            if result["gradable"] as? Bool == false {
                #expect((result["format_errors"] as? [String])?.isEmpty == false)
                return 0
            }
            let fraction = try #require(result["score"] as? Double)
            return Int((fraction * 6).rounded())
        default:
            let tests = try #require(result["tests"] as? [[String: Any]])
            let worth = [1, 2, 1, 2]
            guard tests.count == 4 else { return result["status"] as? String == "error" ? 0 : nil }
            return zip(tests, worth).reduce(0) { $0 + ($1.0["status"] as? String == "pass" ? $1.1 : 0) }
        }
    }

    /// Every compiler location a student reads names a file they have: their own, the lesson, the engine.
    static func expectNoHiddenLocation(_ text: String, _ what: String) {
        let unescaped = text.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "&#10;", with: "\n")
        let located = try! NSRegularExpression(pattern: #"([^\s"'>]*):[0-9]+:[0-9]+: error:"#)
        let range = NSRange(unescaped.startIndex..., in: unescaped)
        for match in located.matches(in: unescaped, range: range) {
            let file = String(unescaped[Range(match.range(at: 1), in: unescaped)!])
            #expect(["Describe.swift", "02-mo-ta-tai-khoan.md", "Account.swift"].contains(file), "\(what): '\(file)'")
        }
        #expect(!unescaped.contains("bank-describe.md"), "\(what)")
    }
}
