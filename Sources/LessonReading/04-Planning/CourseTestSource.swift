import Foundation

/// The Swift source of a course package's tests: a Swift Testing suite per lesson, a test per case
/// (`CourseTestCase`), each declared at its Markdown line (`#sourceLocation`), so that a test list shows the
/// case where the lesson has it and a failure's test points there.
///
/// Every test asks one `LessonCourse` for its findings: the course is checked once, in one run, however
/// many cases ask.
public enum CourseTestSource {
    /// The source for `cases`, the lessons' cases in order, of the lessons under `folder` (absolute).
    public static func render(_ cases: [CourseTestCase], lessonsFolder folder: String) -> String {
        var lines = [
            "// Written by `lesson test-cases` from the lessons under \(folder.replacingOccurrences(of: "\n", with: " ")),",
            "// at each build: a test per scenario, listing and book test, and one per lesson for the rest.",
            "import LessonTesting",
            "import Testing",
            "",
            "private let course = LessonCourse(",
            "    fileID: #fileID, lessons: \(literal(folder)),",
            "    cases: [",
        ]
        lines += cases.map {
            "        .init(\(literal($0.lesson)), \($0.line.map(String.init) ?? "nil"), \(literal($0.suite)), \(literal($0.name))),"
        }
        lines += [
            "    ])", "",
            "/// The lessons added since the tests were written: checked whole, each named in a warning.",
            "@Test func `lessons added since the build`() async { await course.checkAddedLessons() }",
        ]
        var index = 0
        while index < cases.count {
            let lesson = cases[index].lesson
            let path = folder + "/" + lesson
            lines += ["", "@Suite struct `\(cases[index].suite)` {"]
            while index < cases.count, cases[index].lesson == lesson {
                let testCase = cases[index]
                let line = testCase.line.map(String.init) ?? "nil"
                lines += [
                    "    #sourceLocation(file: \(literal(path)), line: \(testCase.line ?? 1))",
                    "    @Test func `\(testCase.name)`() async { await course.check(\(literal(lesson)), line: \(line)) }",
                ]
                index += 1
            }
            lines += ["    #sourceLocation()", "}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The source for the lessons under `folder` (absolute), every lesson planned as a check would plan it.
    public static func source(
        lessonsFolder folder: String, excluding exclusions: [String] = LessonDiscovery.ignorePatterns()
    ) throws -> String {
        let files = try LessonDiscovery.lessonFiles(in: [folder], excluding: exclusions)
        let lessons = files.map { path in
            (plan: LessonPlanner.plan(Lesson.read(path: path)), name: String(path.dropFirst(folder.count + 1)))
        }
        return render(CourseTestCase.cases(of: lessons), lessonsFolder: folder)
    }

    /// Writes `source` to `output`, unless the file already holds it: unchanged, it keeps its time, and the
    /// tests are not compiled again for an edit of a lesson's expected output.
    public static func write(_ source: String, to output: String) throws {
        if isWritten(source, at: output) { return }
        try AtomicFile.write(Array(source.utf8), to: output)
    }

    /// Whether `output` already holds `source`, byte for byte.
    package static func isWritten(_ source: String, at output: String) -> Bool {
        FileManager.default.contents(atPath: output) == Data(source.utf8)
    }

    private static func literal(_ text: String) -> String { SwiftStringLiteral.quoting(text) }
}
