import Foundation
import LessonKit
import Testing

extension CourseLesson {
    /// Checks this lesson (engine drift judged against the other lessons of its folder) and records each
    /// finding as a Swift Testing issue at the lesson's own file and line, so the test case fails there and
    /// `swift test` ends with `✘ Test run with … failed`. A warning is recorded as an issue of severity
    /// `.warning`, which fails nothing; a note is not recorded. Results are cached in the package's
    /// `.build/lesson-cache` unless `options` names another cache folder.
    public func check(
        options: CheckOptions = CheckOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        do {
            let course = LessonPaths.folder(of: path)
            for finding in try OneLessonCheck.findings(of: path, course: course, options: options)
            where finding.severity != .note {
                Issue.record(
                    Comment(rawValue: OneLessonCheck.description(of: finding)),
                    severity: finding.isError ? .error : .warning,
                    sourceLocation: Self.testingLocation(of: finding.location))
            }
        } catch {
            Issue.record("cannot check \(path): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// A finding's Markdown location as Swift Testing's: the absolute path, and as file ID the path below the
    /// package root (Swift Testing's console prints its last component, `01-hucre.md:57:1`).
    static func testingLocation(of location: LessonKit.SourceLocation) -> Testing.SourceLocation {
        let root = LessonPaths.packageRoot(containing: location.path)
        var fileID =
            location.path.hasPrefix(root + "/") ? String(location.path.dropFirst(root.count + 1)) : location.path
        fileID = fileID.hasPrefix("/") ? String(fileID.dropFirst()) : fileID
        if !fileID.contains("/") { fileID = "./" + fileID }
        return Testing.SourceLocation(
            fileID: fileID, filePath: location.path, line: max(location.line, 1), column: max(location.column ?? 1, 1))
    }
}
