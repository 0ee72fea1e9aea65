import CoursePackageSupport
import Foundation
import Testing

/// The README's course package, built against this checkout: its workflow passes; a lesson added and a
/// lesson renamed are seen by the next run; a wrong expected line fails its scenario's test at the lesson's
/// file and line; `--filter` picks one scenario by its title.
///
/// Every `swift` command here shares one build folder, kept between runs of this suite.
@Suite(.serialized) struct CoursePackageTests {
    /// A lesson whose expected block is wrong at line 11: the program prints `xin chào`, not `hello`.
    static let addedLesson = """
        # Added after the first run

        ```swift
        // main.swift — two greetings
        print("merhaba")
        print("xin chào")
        ```

        ```
        merhaba
        hello
        ```

        """

    @Test func workflowPassesThenSeesANewLessonAtItsLine() throws {
        let course = try CoursePackageCopy.make()
        let first = try runWorkflow(in: course)
        #expect(first.map(\.command) == ["swift build --build-tests", "swift test --skip-build --disable-xctest"])
        let built = try #require(first.first)
        #expect(built.status == 0, "\(built.output)")
        let passing = try #require(first.last)
        #expect(passing.status == 0, "\(passing.output)")
        #expect(!passing.output.contains("Compiling"), "the workflow's build step built them")
        #expect(!passing.output.contains("Test Suite '") && !passing.output.contains("Executed "), "no XCTest lines")
        #expect(passing.output.contains("◇ Suite \"demo/01-counting.md\" started."))
        #expect(passing.output.contains("✔ Test \"count to three\" passed after "))
        #expect(Self.lastLine(of: passing.output).hasPrefix("✔ Test run with 3 tests in 1 suite passed after "))

        try course.move("Lessons/demo/01-counting.md", to: "Lessons/demo/01-counting-to-three.md")
        try course.write(Self.addedLesson, to: "Lessons/demo/02-added.md")
        let second = try runWorkflow(in: course)
        #expect(
            second.map(\.command) == [
                "swift build --build-tests", "swift test --skip-build --disable-xctest",
                "swift run lesson check --format github Lessons",
            ])
        #expect(second[0].output.contains("Compiling LessonTests"), "the build writes the new lesson's tests")
        let failing = second[1]
        #expect(failing.status == 1)
        #expect(failing.output.contains("◇ Suite \"demo/01-counting-to-three.md\" started."))
        #expect(failing.output.contains("◇ Suite \"demo/02-added.md\" started."))
        #expect(!failing.output.contains("\"demo/01-counting.md\""))
        #expect(
            failing.output.contains(
                "✘ Test \"two greetings\" recorded an issue at 02-added.md:11:1: Caught error: expected output differs "
                    + "at line 2 of 2\n↳ @@ -10,2 +10,2 @@\n   merhaba\n  -hello\n  +xin chào\n"),
            "the scenario's test fails with the finding, at the lesson's file and line: \(failing.output)")
        let last = Self.lastLine(of: failing.output)
        #expect(last.hasPrefix("✘ Test run with 5 tests in 2 suites failed after "), "the run ends red: \(last)")
        #expect(last.hasSuffix(" seconds with 1 issue."))

        let annotations = try #require(second.last)
        #expect(annotations.status == 1)
        #expect(annotations.output.contains("::error file=Lessons/demo/02-added.md,line=11,"))
    }

    /// `swift test --filter "two greetings"`: that scenario's test alone, and only its scenario checked.
    @Test func filterPicksOneScenarioByItsTitle() throws {
        let course = try CoursePackageCopy.make()
        try course.write(Self.addedLesson, to: "Lessons/demo/02-added.md")
        let result = try CourseTestSupport.shell(
            "exec 2>&1; swift build --build-tests && swift test list --skip-build"
                + " && swift test --skip-build --disable-xctest --filter 'two greetings'",
            in: course.root)
        #expect(result.status == 1)
        // The tests as docs/course-package.md shows them, as a test list names them.
        #expect(
            result.output.contains(
                """
                LessonTests.`demo/01-counting.md`/`count to three`()
                LessonTests.`demo/01-counting.md`/`the lesson's other checks`()
                LessonTests.`demo/02-added.md`/`the lesson's other checks`()
                LessonTests.`demo/02-added.md`/`two greetings`()
                LessonTests.`lessons added since the build`()

                """), "\(result.output)")
        #expect(result.output.contains("◇ Test \"two greetings\" started."))
        #expect(!result.output.contains("Test \"count to three\""), "the other lesson's scenario does not run")
        #expect(result.output.contains("at 02-added.md:11:1: Caught error: expected output differs at line 2 of 2"))
        #expect(Self.lastLine(of: result.output).hasPrefix("✘ Test run with 1 test in 1 suite failed after "))
    }

    /// `lesson init` writes a package that works at once: its `swift test` passes, built against this
    /// checkout, and a wrong expected line fails its scenario's test at the lesson's own file and line.
    @Test func aPackageThatInitWritesPassesAndFailsAtTheLessonsLine() throws {
        let source = CourseTestSupport.packageRoot + "/.build/course-package/init"
        try? FileManager.default.removeItem(atPath: source)
        let written = try CourseTestSupport.shell(
            "\(CourseTestSupport.productsFolder)/lesson init --language vi --checker https://example.com/lesson-checker.git "
                + source, in: CourseTestSupport.packageRoot)
        #expect(written.status == 0, "\(written.standardError)")
        let course = try CoursePackageCopy.make(source: source)
        let passing = try CourseTestSupport.shell(
            "exec 2>&1; swift build --build-tests && swift test --skip-build --disable-xctest", in: course.root)
        #expect(passing.status == 0, "\(passing.output)")
        #expect(passing.output.contains("✔ Test \"ba lần chạm\" passed after "))
        #expect(Self.lastLine(of: passing.output).hasPrefix("✔ Test run with 3 tests in 1 suite passed after "))

        let lesson = course.root + "/Lessons/01-bo-dem.md"
        let text = try String(contentsOfFile: lesson, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "ba: 3\n", with: "ba: 4\n").utf8).write(
            to: URL(fileURLWithPath: lesson))
        let failing = try CourseTestSupport.shell(
            "exec 2>&1; swift test --skip-build --disable-xctest", in: course.root)
        #expect(failing.status == 1)
        #expect(
            failing.output.contains(
                "✘ Test \"ba lần chạm\" recorded an issue at 01-bo-dem.md:35:1: Caught error: expected output differs "
                    + "at line 3 of 3\n"),
            "\(failing.output)")
    }

    struct StepResult {
        var command: String
        var status: Int32
        var output: String
    }

    /// Runs the `run:` steps of the course's workflow in `course`, each when GitHub would run it, with its
    /// standard error merged into its output as a CI log shows them.
    func runWorkflow(in course: CoursePackageCopy) throws -> [StepResult] {
        let text = try String(contentsOfFile: course.root + "/.github/workflows/lessons.yml", encoding: .utf8)
        var failed = false
        var results: [StepResult] = []
        for step in try WorkflowFile(text: text).steps {
            guard let command = step.run, try WorkflowFile.runs(step.condition, afterFailure: failed) else { continue }
            let result = try CourseTestSupport.shell("exec 2>&1\n" + command, in: course.root)
            results.append(StepResult(command: command, status: result.status, output: result.output))
            failed = failed || result.status != 0
        }
        return results
    }

    static func lastLine(of output: String) -> String {
        output.split(separator: "\n").last.map(String.init) ?? ""
    }
}
