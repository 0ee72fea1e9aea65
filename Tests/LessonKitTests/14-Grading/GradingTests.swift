import Foundation
import XCTest

@testable import LessonKit

/// Grading: every fixture submission gets its exact result in both platform formats, hidden tests stay
/// hidden, reference solutions score full marks, and the platform adapters work as the platforms call them.
final class GradingTests: XCTestCase {
    private let root = TestSupport.packageRoot
    private var options: GradingOptions { Self.options }
    private static var options: GradingOptions {
        var options = GradingOptions()
        options.timeout = 5
        return options
    }

    private func exercise(_ id: String, _ lesson: String) throws -> Exercise {
        try Exercise.find(id, in: LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/" + lesson)))
    }

    /// The fixture submissions `names` of `exercise`, graded two at a time (each compiles on one core).
    private func grade(_ exercise: Exercise, cases names: [String], hidden: Bool) throws -> [GradeResult] {
        try TestSupport.atOnce(names, jobs: 2) { try Self.grade(exercise, case: $0, hidden: hidden) }
    }

    private static func grade(_ exercise: Exercise, case name: String, hidden: Bool) throws -> GradeResult {
        let root = TestSupport.packageRoot
        let file = try SubmissionFile.read(
            root + "/Fixtures/grading/submissions/\(exercise.id)/\(name)", of: exercise, maximum: 1 << 20)
        let hiddenPlan =
            hidden ? LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/hidden/\(exercise.id).md")) : nil
        var result = try Grader(toolchain: try TestSupport.toolchain(), options: options).grade(
            exercise, submission: file.text, hidden: hiddenPlan)
        result.seconds = 0
        // A visible test's time is shown (JUnit's `time`) and changes from run to run; a hidden test's is
        // kept, so that a format that showed it would differ between two hidden failures.
        for index in result.tests.indices where !result.tests[index].hidden { result.tests[index].seconds = 0 }
        return result
    }

    private func assertGolden(_ text: String, _ relative: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        try GoldenFile.assertMatches(
            text, golden: "Fixtures/grading/expected/" + relative, relative, file: file, line: line)
    }

    func testEngineExerciseSubmissions() throws {
        let sync = try exercise("sync-engine", "engine-exercise.md")
        let expected: [String: (GradeResult.Status, Int)] = [
            "correct": (.pass, 5), "wrong": (.fail, 4), "no-compile": (.error, 0), "trap": (.fail, 3),
            "hidden-only": (.fail, 4), "hidden-trap": (.fail, 4),
        ]
        let hiddenText = try String(contentsOfFile: root + "/Fixtures/grading/hidden/sync-engine.md", encoding: .utf8)
        let hiddenSecrets = ["Tema", "tema", "toplam: 0", "renk", "yesil", "Bos"]
        XCTAssertTrue(hiddenSecrets.allSatisfy(hiddenText.contains))
        let names = expected.keys.sorted()
        for (name, result) in zip(names, try grade(sync, cases: names, hidden: true)) {
            let (status, score) = expected[name]!
            XCTAssertEqual(result.status, status, name)
            XCTAssertEqual(result.score, score, name)
            XCTAssertEqual(result.maxScore, 5, name)
            for format in GradeFormat.allCases {
                let rendered = format.render(result, identity: TestSupport.classroom50Run)
                for secret in hiddenSecrets {
                    XCTAssertFalse(rendered.contains(secret), "\(name) \(format) shows '\(secret)' of a hidden test")
                }
                if format != .text {
                    try assertGolden(rendered, "sync-engine/\(name).\(format).\(format == .junit ? "xml" : "json")")
                }
            }
        }
    }

    func testScenarioExerciseSubmissions() throws {
        let tree = try exercise("tree-count", "scenario-exercise.md")
        let expected: [String: GradeResult.Status] = [
            "correct": .pass, "wrong": .fail, "no-compile": .error, "trap": .fail,
        ]
        let names = expected.keys.sorted()
        for (name, result) in zip(names, try grade(tree, cases: names, hidden: false)) {
            XCTAssertEqual(result.status, expected[name], name)
            for format in [GradeFormat.exercism, .gradescope] {
                try assertGolden(format.render(result), "tree-count/\(name).\(format).json")
            }
        }
    }

    /// A test whose expected output is in output comments is graded against them: a scenario exercise's
    /// comments are the target, and an engine exercise's scenarios with comments are its tests.
    func testOutputCommentsGradeTheirTests() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prints-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lesson = """
            # Output in comments

            ```swift exercise=count
            // main.swift — counts to three
            // prints:
            // 1
            // 2
            // 3
            ```

            ```swift exercise=doubler
            // Doubler.swift — doubles a number
            func double(_ x: Int) -> Int { 0 }
            ```

            ```swift
            // main.swift — doubles two and three
            print(double(2)) // Prints "4"
            print(double(3)) // Prints "6"
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: folder + "/lesson.md"))
        let plan = LessonPlanner.plan(Lesson.read(path: folder + "/lesson.md"))
        let grader = Grader(toolchain: try TestSupport.toolchain(), options: options)

        let count = try Exercise.find("count", in: plan)
        let counted = try grader.grade(count, submission: "for i in 1...3 { print(i) }\n")
        XCTAssertEqual(counted.status, .pass, GradeTextReport.render(counted))
        XCTAssertEqual(counted.tests.map(\.testCode), ["// expected output\n1\n2\n3\n"])
        let short = try grader.grade(count, submission: "for i in 1...2 { print(i) }\n")
        XCTAssertEqual(short.status, .fail)
        XCTAssertEqual(
            short.tests.map(\.message),
            [
                "The last expected line is missing: your program stops one line too soon.\n"
                    + "line 3 of 3 differs from the expected output (- expected, + yours)\n@@ -1,3 +1,2 @@\n 1\n 2\n-3"
            ])
        XCTAssertEqual(short.tests.map(\.explanation), [.missingEnd])

        let doubler = try Exercise.find("doubler", in: plan)
        XCTAssertEqual(Grader.gradable(plan).map(\.block.openingLine), [16])
        let doubled = try grader.grade(doubler, submission: "func double(_ x: Int) -> Int { x * 2 }\n")
        XCTAssertEqual(doubled.status, .pass, GradeTextReport.render(doubled))
        XCTAssertEqual(doubled.score, 1)
        let added = try grader.grade(doubler, submission: "func double(_ x: Int) -> Int { x + 2 }\n")
        XCTAssertEqual(added.status, .fail)
        XCTAssertEqual(
            added.tests.map(\.message),
            ["line 2 of 2 differs from the expected output (- expected, + yours)\n@@ -1,2 +1,2 @@\n 4\n-6\n+5"])
    }

    func testOutputIsCutAt500UnicodeScalarsInExercismsWords() {
        let evaluation = GradeEvaluation(
            feedback: Feedback(lessonLanguage: "tr"), studentFile: nil,
            limits: ProcessLimits(timeout: 1, outputLimit: 1), buildTimeout: 60)
        let cut = evaluation.truncated((1...100).map { "line \($0)" })
        XCTAssertEqual(cut.unicodeScalars.count, 500)
        XCTAssertTrue(cut.hasSuffix("\nOutput was truncated. Please limit to 500 chars."), cut)
        XCTAssertEqual(evaluation.truncated(["short"]), "short\n")
        // A family emoji is one character but seven scalars: 1,801 scalars in 257 characters are cut too.
        let family = "👨‍👩‍👧‍👦"
        let emoji = evaluation.truncated([String(repeating: family, count: 257)])
        XCTAssertEqual(emoji.unicodeScalars.count, 500)
        XCTAssertTrue(emoji.hasPrefix(family))
    }

    func testFeedbackIsInTheLessonsLanguage() throws {
        let tr = try Self.grade(try exercise("sync-engine", "engine-exercise.md"), case: "no-compile", hidden: false)
        // The build errors are said once, for the whole submission; each test says why it did not run.
        XCTAssertEqual(
            tr.message,
            "hiçbir test çalışamadı: kodunuz derlenmiyor\nSync.swift:11:30: error: cannot convert value of type 'Int' to expected argument type 'String'\n"
                + "  → Değerin türü, gittiği yerin beklediği türden farklı: onu dönüştürün (`String(n)`, `Int(metin)`) ya da "
                + "beklenen türde bir değer kullanın."
        )
        // The compiler's line is as it wrote it; the explanation under it is the instructor's to count.
        XCTAssertEqual(Set(tr.tests.map(\.diagnostic)), ["type-mismatch"])
        XCTAssertEqual(
            Set(tr.tests.map(\.message)), ["çalıştırılmadı: kodunuz derlenmiyor (yukarıdaki derleme hatalarına bakın)"])
        let vi = try Self.grade(try exercise("tree-count", "scenario-exercise.md"), case: "trap", hidden: false)
        XCTAssertTrue(
            vi.tests[0].message.hasPrefix("chương trình của bạn bị dừng do lỗi (trap): Fatal error: Index out of range")
        )
        XCTAssertEqual(Feedback(lessonLanguage: "de").language, .en)
    }

    /// Every exercise of the bundled course and the fixtures has a reference solution in
    /// `solutions/ID/FILE` beside its lesson, and it scores full marks (with its hidden tests, if any).
    func testReferenceSolutionsScoreFullMarks() throws {
        var solutions: [(exercise: Exercise, solution: String, hidden: LessonPlan?)] = []
        for path in try LessonDiscovery.lessonFiles(in: [root + "/Lessons", root + "/Fixtures/grading"]) {
            let plan = LessonPlanner.plan(Lesson.read(path: path))
            let ids =
                plan.scenarios.compactMap(\.options.exercise)
                + plan.exerciseStarters.compactMap { $0.block.info.attribute("exercise")?.value }
            for id in ids {
                let exercise = try Exercise.find(id, in: plan)
                let folder = (path as NSString).deletingLastPathComponent
                let solution = folder + "/solutions/\(id)/\(exercise.fileName)"
                let hiddenPath = folder + "/hidden/\(id).md"
                let hidden =
                    FileManager.default.fileExists(atPath: hiddenPath)
                    ? LessonPlanner.plan(Lesson.read(path: hiddenPath)) : nil
                solutions.append((exercise, solution, hidden))
            }
        }
        // Graded two at a time: each compiles on one core.
        let results = try TestSupport.atOnce(solutions, jobs: 2) { exercise, solution, hidden in
            try Grader(toolchain: try TestSupport.toolchain(), options: Self.options).grade(
                exercise, submission: try String(contentsOfFile: solution, encoding: .utf8), hidden: hidden)
        }
        for ((_, solution, _), result) in zip(solutions, results) {
            XCTAssertEqual(result.status, .pass, "\(solution): \(GradeTextReport.render(result))")
            XCTAssertEqual(result.score, result.maxScore, solution)
        }
        XCTAssertGreaterThanOrEqual(results.count, 3)
    }

    func testMalformedOrEmptyHiddenTestsAreAUsageError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hidden-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hidden = try String(contentsOfFile: root + "/Fixtures/grading/hidden/sync-engine.md", encoding: .utf8)
        try Data((hidden + "\n```swift\n// main.swift — never closed\n").utf8).write(
            to: URL(fileURLWithPath: folder + "/broken.md"))
        try Data("# no tests\n".utf8).write(to: URL(fileURLWithPath: folder + "/empty.md"))
        for (name, message) in [
            (
                "broken.md",
                "\(folder)/broken.md:44: code block opened here is never closed: it runs to the end of the file "
                    + "(expected a closing ```)"
            ),
            ("empty.md", "\(folder)/empty.md holds no test (a scenario with its expected output)"),
        ] {
            let result = try TestSupport.runLesson([
                "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--submission",
                "Fixtures/grading/submissions/sync-engine/correct", "--hidden", folder + "/" + name,
            ])
            XCTAssertEqual(result.status, 2, name)
            XCTAssertEqual(result.standardError, "error: \(message)\nrun 'lesson --help' for usage\n", name)
        }
    }

    func testCommandLineGradeExitStatuses() throws {
        let failing = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "sync-engine", "--submission",
            "Fixtures/grading/submissions/sync-engine/wrong",
        ])
        XCTAssertEqual(failing.status, 0, "a low score is a completed grading")
        XCTAssertTrue(
            failing.standardOutput.hasPrefix(
                "alıştırma sync-engine: kaldı, 2/3 puan\nKALDI ayni deger uyumlu, farkli deger bayat (0/1)\n"
                    + "    beklenen çıktının 6 satırından 2. satır farklı (- beklenen, + sizinki)\n"),
            failing.standardOutput)
        XCTAssertFalse(failing.standardOutput.contains("protections"), "the protections are the instructor's")
        let hidden = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count", "--submission",
            "Fixtures/grading/submissions/tree-count/correct", "--hidden", "Fixtures/grading/hidden/sync-engine.md",
        ])
        XCTAssertEqual(hidden.status, 2)
        XCTAssertEqual(
            hidden.standardError,
            "error: --hidden is for engine exercises: 'tree-count' is a scenario exercise, graded by its own expected output\n"
                + "run 'lesson --help' for usage\n")
        let unknown = try TestSupport.runLesson([
            "grade", "--lesson", "Fixtures/grading/engine-exercise.md", "--exercise", "nope", "--submission",
            "Package.swift",
        ])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.standardError,
            "error: Fixtures/grading/engine-exercise.md has no exercise 'nope' (its exercises: sync-engine)\n")
    }

    /// A hidden test that fails one way or another says the same: a wrong output and a trap give the
    /// student the same bytes, and only the instructor's report says which it was.
    func testAHiddenTestSaysOnlyThatItFailedAndTheInstructorReadsWhy() throws {
        let sync = try exercise("sync-engine", "engine-exercise.md")
        let wrong = try Self.grade(sync, case: "hidden-only", hidden: true)
        let trap = try Self.grade(sync, case: "hidden-trap", hidden: true)
        for format in GradeFormat.allCases {
            XCTAssertEqual(format.render(wrong), format.render(trap), "\(format)")
        }
        XCTAssertEqual(
            trap.tests.last?.message, "gizli test geçmedi (gizli bir test yalnızca geçip geçmediğini söyler)")
        XCTAssertEqual(wrong.tests.last?.reason, "çıktı beklenen çıktıdan farklı (gizli test)")
        XCTAssertEqual(trap.tests.last?.reason, "programınız çöktü (trap)")
        XCTAssertTrue(trap.instructorReport.contains("\"reason\" : \"programınız çöktü (trap)\""))
    }

    /// A submission is compiled once for its visible and its hidden tests: the driver is asked only for
    /// its commands (`swiftc -###`, once, kept for the next submission), one frontend compiles everything,
    /// and the two programs are linked apart, the visible one holding nothing of the hidden tests.
    func testASubmissionIsCompiledOnceAndItsProgramsLinkedApart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("builds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wrapper = try TestSupport.loggingSwiftc(in: folder, log: folder + "/log")
        let grader = Grader(toolchain: Toolchain(swiftc: wrapper, swiftFrontend: nil), options: options)
        let sync = try exercise("sync-engine", "engine-exercise.md")
        let hidden = LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/hidden/sync-engine.md"))
        func driverCalls(_ name: String) throws -> [String] {
            try? FileManager.default.removeItem(atPath: folder + "/log")
            let file = try SubmissionFile.read(
                root + "/Fixtures/grading/submissions/sync-engine/\(name)", of: sync, maximum: 1 << 20)
            _ = try grader.grade(sync, submission: file.text, hidden: hidden)
            let log = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? ""
            return log.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try driverCalls("correct"), ["-###"])
        XCTAssertEqual(try driverCalls("no-compile"), [])

        let jobs = hidden.scenarios.map { (PlannedBlock(reading: $0.block), "hidden.md") }
        let plan = sync.plan
        let visibleTests = Grader.gradable(plan).map { (PlannedBlock(reading: $0.block), "lesson.md") }
        let build = TwoProgramBuild(
            compiler: SwiftCompiler(toolchain: try TestSupport.toolchain()),
            recipe: try XCTUnwrap(TwoProgramBuild.recipe(toolchain: try TestSupport.toolchain())))
        let work = try WorkDirectory.create(prefix: "lesson-build")
        defer { work.remove() }
        let student = try SubmissionFile.read(
            root + "/Fixtures/grading/submissions/sync-engine/correct", of: sync, maximum: 1 << 20)
        guard
            case .built(let visibleProgram, let hiddenProgram, _) = try build.build(
                engine: [ProgramFile(name: "Sync.swift", contents: student.text)], visible: visibleTests,
                hidden: jobs, in: work)
        else { return XCTFail("the two programs did not build") }
        let visibleBytes = try Data(contentsOf: URL(fileURLWithPath: visibleProgram))
        let hiddenBytes = try Data(contentsOf: URL(fileURLWithPath: hiddenProgram))
        // "Bos" is the screen name of a hidden test, "Sepet" of a visible one.
        XCTAssertNil(visibleBytes.range(of: Data("Bos".utf8)), "the visible program holds a hidden test")
        XCTAssertNotNil(hiddenBytes.range(of: Data("Bos".utf8)))
        XCTAssertNotNil(visibleBytes.range(of: Data("Sepet".utf8)))
        XCTAssertNil(hiddenBytes.range(of: Data("Sepet".utf8)), "the hidden program holds a visible test")
    }

    func testExercismAdapterAsTheRunnerCallsIt() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("exercism-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work + "/input", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: root + "/Fixtures/grading/submissions/sync-engine/hidden-only/Sync.swift",
            toPath: work + "/input/Sync.swift")
        let result = try TestSupport.runExercismAdapter(work: work, timeout: 300)
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        XCTAssertEqual(
            try String(contentsOfFile: work + "/output/results.json", encoding: .utf8),
            try String(
                contentsOfFile: root + "/Fixtures/grading/expected/sync-engine/hidden-only.exercism.json",
                encoding: .utf8))
    }

    /// Gradescope's layout: the pack unzipped into `source/`, `run_autograder` copied beside it, the student's
    /// files (named as they like) in `submission/`.
    func testGradescopeAdapterAsTheAutograderCallsIt() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("gradescope-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        try TestSupport.pack(
            "gradescope", exercise: "sync-engine", lesson: "Fixtures/grading/engine-exercise.md", into: work + "/source"
        )
        try FileManager.default.createDirectory(atPath: work + "/submission", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: work + "/source/run_autograder", toPath: work + "/run_autograder")
        try FileManager.default.copyItem(
            atPath: root + "/Fixtures/grading/submissions/sync-engine/trap/Sync.swift",
            toPath: work + "/submission/Answer.swift")
        // Gradescope's metadata of a second attempt (its format: `previous_submissions`, oldest first).
        let metadata = """
            {"id": 123456, "created_at": "2026-12-07T02:00:00.000000-08:00", "previous_submissions": [
              {"submission_time": "2026-12-06T20:00:00.000000-08:00", "score": 2.0, "results": {}}
            ]}
            """
        try Data(metadata.utf8).write(to: URL(fileURLWithPath: work + "/submission_metadata.json"))
        let result = try Subprocess.run(
            work + "/run_autograder", arguments: [],
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "AUTOGRADER_ROOT": work,
            ],
            workingDirectory: work, limits: ProcessLimits(timeout: 300, outputLimit: 1 << 20))
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        func withoutTime(_ path: String) throws -> NSDictionary {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            let dictionary = try XCTUnwrap(object as? [String: Any])
            return dictionary.filter { $0.key != "execution_time" && $0.key != "output" } as NSDictionary
        }
        let written = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: work + "/results/results.json")))
        let output = try XCTUnwrap((written as? [String: Any])?["output"] as? String)
        // A student reads no protection; a failed second attempt, the exercise's first hint.
        XCTAssertEqual(
            output,
            "ipucu 1/2: Her görünüm için modeldeki değeri ekrandakiyle karşılaştırın: aynıysa `uyumlu`, farklıysa "
                + "`bayat`.")
        XCTAssertEqual(
            try withoutTime(work + "/results/results.json"),
            try withoutTime(root + "/Fixtures/grading/expected/sync-engine/trap.gradescope.json"))
    }
}
