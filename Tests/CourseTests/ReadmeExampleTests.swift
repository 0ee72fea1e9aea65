import Foundation
import Testing

/// The course-package page (`docs/course-package.md`, "In a course repository") shows the files of
/// `Fixtures/course-package`, byte for byte, and every file of that package but its lessons;
/// `CoursePackageTests` builds it.
@Suite struct ReadmeExampleTests {
    static let heading = "## In a course repository"

    @Test func readmeShowsTheFixturePackageFilesExactly() throws {
        let readme = try String(
            contentsOfFile: CourseTestSupport.packageRoot + "/docs/course-package.md", encoding: .utf8)
        let shown = try ReadmeFileBlocks(readme: readme, heading: Self.heading).files
        let fixture = try CourseTestSupport.files(under: CourseTestSupport.coursePackage)
            .filter { !$0.hasPrefix("Lessons/") }
        #expect(shown.map(\.path).sorted() == fixture)
        for (path, text) in shown {
            let file = try String(contentsOfFile: CourseTestSupport.coursePackage + "/" + path, encoding: .utf8)
            #expect(text == file, "docs/course-package.md block \(path) differs from Fixtures/course-package/\(path)")
        }
    }

    @Test func captionsAreReadAsPaths() throws {
        let readme = "# x\n\(Self.heading)\n\n`A/b.swift`:\n\n```swift\nlet a = 1\n```\n\n`c d`:\n\n## next\n`e`:\n"
        let files = try ReadmeFileBlocks(readme: readme, heading: Self.heading).files
        #expect(files.map(\.path) == ["A/b.swift"])
        #expect(files.map(\.text) == ["let a = 1\n"])
        let unclosed = "\(Self.heading)\n`A`:\n\n```\nx\n"
        #expect(throws: ReadmeFileBlocks.Problem.self) { try ReadmeFileBlocks(readme: unclosed, heading: Self.heading) }
    }
}
