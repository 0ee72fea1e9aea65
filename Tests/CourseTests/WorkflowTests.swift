import Foundation
import Testing

/// The course's workflow (`Fixtures/course-package/.github/workflows/lessons.yml`, shown in the README):
/// every command it runs exists, with options its program knows. `CoursePackageTests` runs it.
@Suite struct WorkflowTests {
    static var workflow: String { CourseTestSupport.coursePackage + "/.github/workflows/lessons.yml" }

    @Test func stepsAreReadWithTheirConditions() throws {
        let steps = try WorkflowFile(text: String(contentsOfFile: Self.workflow, encoding: .utf8)).steps
        #expect(
            steps.map(\.uses) == [
                "actions/checkout@v5", "actions/cache/restore@v5", nil, "actions/cache/save@v5", nil, nil,
            ])
        #expect(
            steps.map(\.run) == [
                nil, nil, "swift build --build-tests", nil, "swift test --skip-build --disable-xctest",
                "swift run lesson check --format github Lessons",
            ])
        // The build is saved before the lessons are checked, whatever they say: a failing lesson keeps it.
        #expect(steps.map(\.condition) == [nil, nil, nil, "steps.build.outputs.cache-hit != 'true'", nil, "failure()"])
    }

    @Test func everyCommandExistsWithItsOptions() throws {
        let steps = try WorkflowFile(text: String(contentsOfFile: Self.workflow, encoding: .utf8)).steps
        for command in steps.compactMap(\.run) {
            let words = command.split(separator: " ").map(String.init)
            try #require(words.count >= 2 && words[0] == "swift", "\(command)")
            if words[1] == "run" {
                try #require(words.count >= 3 && words[2] == "lesson", "only the lesson product is run: \(command)")
                try expectLessonAccepts(Array(words.dropFirst(3)))
            } else {
                try expectSwiftAccepts(subcommand: words[1], options: Array(words.dropFirst(2)))
            }
        }
    }

    /// The built `lesson` runs the arguments on a copy of the fixture course (its result cache goes there):
    /// a usage error would exit 2, a failing lesson 1.
    func expectLessonAccepts(_ arguments: [String]) throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: CourseTestSupport.coursePackage, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let lesson = CourseTestSupport.productsFolder + "/lesson"
        let command = ([lesson] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try CourseTestSupport.shell(command, in: copy, timeout: 300)
        #expect(result.status == 0, "lesson \(arguments.joined(separator: " ")): \(result.standardError)")
    }

    /// `swift SUBCOMMAND --help` exists and lists each option the workflow gives it.
    func expectSwiftAccepts(subcommand: String, options: [String]) throws {
        let help = try CourseTestSupport.shell("swift \(subcommand) --help", in: CourseTestSupport.packageRoot)
        #expect(help.status == 0, "swift \(subcommand)")
        for option in options where option.hasPrefix("-") {
            #expect(help.output.contains(option), "swift \(subcommand) has no option \(option)")
        }
    }
}
