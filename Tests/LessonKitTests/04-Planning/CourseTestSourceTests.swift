import Foundation
import Testing

@testable import LessonKit

/// `lesson test-cases`: a test per scenario, listing and book test, named by its title as a raw identifier,
/// declared at its Markdown line, and the file left as it is when nothing changed.
@Suite struct CourseTestSourceTests {
    /// A lesson with two scenarios of one title, one without a title, and a book test.
    static let lesson = """
        # Ders

        ```swift
        // main.swift — sepet `toplam` \\ indirim
        print(1)
        ```

        ```swift
        // main.swift — sepet `toplam` \\ indirim
        print(2)
        ```

        ```swift
        // main.swift
        print(3)
        ```

        """

    @Test func casesAreNamedByTitleToldApartAndAtTheirLines() throws {
        let folder = try TestSupport.temporaryFolder("test-cases")
        let path = folder + "/01-ders.md"
        try Data(Self.lesson.utf8).write(to: URL(fileURLWithPath: path))
        let plan = LessonPlanner.plan(Lesson.read(path: path))
        let cases = CourseTestCase.cases(of: [(plan: plan, name: "tr/01-ders.md")])
        #expect(
            cases.map(\.name) == [
                "the lesson's other checks", "sepet 'toplam' / indirim", "sepet 'toplam' / indirim (01-ders.md:8)",
                "01-ders.md:13",
            ])
        #expect(cases.map(\.line) == [nil, 3, 8, 13])
        #expect(Set(cases.map(\.suite)) == ["tr/01-ders.md"])
    }

    @Test(
        arguments: [
            ("a`b\\c\n\t d", "a'b/c d"), ("  iki  boşluk ", "iki boşluk"), ("+++", nil), ("init", nil), ("", nil),
            ("_", nil), ("\u{202E}ters", "ters"), ("1 + 2 = 3", "1 + 2 = 3"),
        ] as [(String, String?)])
    func titlesBecomeRawIdentifiersOrNothing(title: String, name: String?) {
        #expect(CourseTestCase.rawIdentifier(title) == name)
    }

    @Test func theSourceDeclaresEachTestAtItsMarkdownLine() {
        let cases = [
            CourseTestCase(lesson: "a.md", line: nil, suite: "a.md", name: "the lesson's other checks"),
            CourseTestCase(lesson: "a.md", line: 7, suite: "a.md", name: "iki \"tırnak\""),
        ]
        #expect(
            CourseTestSource.render(cases, lessonsFolder: "/c/Lessons") == """
                // Written by `lesson test-cases` from the lessons under /c/Lessons,
                // at each build: a test per scenario, listing and book test, and one per lesson for the rest.
                import LessonTesting
                import Testing

                private let course = LessonCourse(
                    fileID: #fileID, lessons: "/c/Lessons",
                    cases: [
                        .init("a.md", nil, "a.md", "the lesson's other checks"),
                        .init("a.md", 7, "a.md", "iki \\"tırnak\\""),
                    ])

                /// The lessons added since the tests were written: checked whole, each named in a warning.
                @Test func `lessons added since the build`() async { await course.checkAddedLessons() }

                @Suite struct `a.md` {
                    #sourceLocation(file: "/c/Lessons/a.md", line: 1)
                    @Test func `the lesson's other checks`() async { await course.check("a.md", line: nil) }
                    #sourceLocation(file: "/c/Lessons/a.md", line: 7)
                    @Test func `iki "tırnak"`() async { await course.check("a.md", line: 7) }
                    #sourceLocation()
                }

                """)
    }

    /// The command writes the file, and leaves it untouched (its time too) when it would not change, so that
    /// the tests are not compiled again for an edit of a lesson's expected output.
    @Test func theCommandLeavesAnUnchangedFileAsItIs() throws {
        let folder = try TestSupport.temporaryFolder("test-cases")
        try FileManager.default.createDirectory(atPath: folder + "/Lessons", withIntermediateDirectories: true)
        try Data(Self.lesson.utf8).write(to: URL(fileURLWithPath: folder + "/Lessons/01-ders.md"))
        let output = folder + "/LessonCases.swift"
        let first = try TestSupport.runLesson(["test-cases", folder + "/Lessons", "--output", output])
        #expect(first.status == 0, "\(first.standardError)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(
            written.contains(
                "    @Test func `01-ders.md:13`() async { await course.check(\"01-ders.md\", line: 13) }\n"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: output)
        #expect(try TestSupport.runLesson(["test-cases", folder + "/Lessons", "--output", output]).status == 0)
        let date = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(date == Date(timeIntervalSince1970: 0))
        let notAFolder = try TestSupport.runLesson(["test-cases", output])
        #expect(notAFolder.status == 2)
        #expect(notAFolder.standardError == "error: \(output) is not a folder\nrun 'lesson --help' for usage\n")
    }
}
