import Foundation
import LessonKit

/// `lesson test-cases FOLDER --output FILE`: the Swift Testing source of a course package's tests, a test
/// per scenario, listing and book test: what the `LessonTestCases` build plugin's tool
/// (`LessonTestCaseWriter`) writes at every build.
enum TestCasesCommand {
    enum Options {
        static let output = ValueOption(
            "--output", "FILE", "Write the source to FILE (left as it is when it would not change); default: stdout")
    }

    static let help = HelpPage(
        overview: """
            Writes the Swift source of a course package's tests: a Swift Testing suite per lesson under FOLDER,
            named by its path, holding a test per scenario (named by its title), listing and book test (by its
            name; `file.md:LINE` where there is none), and a test named by the lesson's file for the rest of
            its checks (front matter, engine, snippets, reprints). Each test is declared at its Markdown line,
            and asks LessonTesting's `LessonCourse`, which checks the whole course in one run. The build plugin
            `LessonTestCases` runs it at each build; nothing is built or run here.
            """,
        usage: "lesson test-cases [--exclude PATTERNS] [--output FILE] FOLDER",
        sections: [("OPTIONS", [Options.output, SharedOptions.exclude, SharedOptions.help])],
        notes: """
            EXIT STATUS:
              0 the source was written (a lesson that cannot be read is its lesson's failing test); 2 usage
              error, or a file that cannot be written.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.paths.count == 1 else {
            throw LessonError(.usage, "test-cases takes one folder, the course's lessons (e.g. 'Lessons')")
        }
        var isDirectory: ObjCBool = false
        let folder = Paths.absolute(arguments.paths[0])
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LessonError(.usage, "\(arguments.paths[0]) is not a folder")
        }
        let source = try CourseTestSource.source(lessonsFolder: folder, excluding: try arguments.exclusions())
        guard let output = try arguments.value(Options.output) else {
            print(source, terminator: "")
            return 0
        }
        // Unchanged, the file keeps its time: the tests are not compiled again for an edit of a lesson's output.
        if CourseTestSource.isWritten(source, at: output) { return 0 }
        do {
            try ReportFile.write(source, to: output)
        } catch {
            throw ReportFile.unwritable(output, reason: ReportFile.reason(of: error))
        }
        return 0
    }
}
