import Foundation
import LessonKit
import Testing

/// One lesson of a course, as the argument of a parameterized Swift Testing test: each lesson is a test
/// case of its own, named by its path under the lessons folder.
///
///     @Test(arguments: try CourseLesson.all(in: "Lessons"))
///     func lesson(_ lesson: CourseLesson) {
///         lesson.check()
///     }
///
/// Swift Testing evaluates the arguments when the test runs, so a lesson added, renamed or deleted is seen
/// by the next `swift test`, with nothing to rebuild.
public struct CourseLesson: Sendable, Hashable {
    /// The lesson's path under the lessons folder (`uikit/01-hucre.md`): the test case's name.
    public let name: String
    /// The lesson's absolute path.
    public let path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// Every lesson (`*.md`, hidden folders left out) under `folder`, sorted by path, narrowed by the
    /// `--filter` and `--skip` patterns the test process was given (see `LessonCaseSelection`).
    ///
    /// A relative `folder` is taken from the package root: the nearest folder above the calling test file
    /// holding a `Package.swift`. Throws when the folder holds no lesson, so that a course whose lessons
    /// cannot be found fails instead of passing with no test case.
    public static func all(
        in folder: String = "Lessons", arguments: [String] = CommandLine.arguments, filePath: StaticString = #filePath
    ) throws -> [CourseLesson] {
        let root = LessonPaths.absolute(folder, from: "\(filePath)")
        let lessons = try LessonDiscovery.lessonFiles(in: [root], excluding: LessonDiscovery.ignorePatterns()).map {
            CourseLesson(name: String($0.dropFirst(root.count + 1)), path: $0)
        }
        let selected = Set(LessonCaseSelection(arguments: arguments).selected(lessons.map(\.name)))
        return lessons.filter { selected.contains($0.name) }
    }
}

extension CourseLesson: CustomTestStringConvertible {
    public var testDescription: String { name }
}

extension CourseLesson: CustomTestArgumentEncodable {
    /// The lesson's name identifies its test case, so a tool can run one case again.
    public func encodeTestArgument(to encoder: some Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
