import Foundation
import LessonKit
import XCTest

extension XCTestCase {
    /// Checks every lesson under `path` and records each finding as a test failure at the lesson's own file
    /// and line, so that `swift test` prints `/…/Lessons/uikit/03-x.md:57: error: …`.
    ///
    /// A relative `path` is taken from the package root: the nearest folder above the calling test file that
    /// holds a `Package.swift`.
    ///
    ///     final class CourseTests: XCTestCase {
    ///         func testLessons() { assertLessons(in: "Lessons") }
    ///     }
    public func assertLessons(
        in path: String = "Lessons", options: CheckOptions = CheckOptions(), file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let root = LessonPaths.packageRoot(containing: "\(file)")
        let absolute = path.hasPrefix("/") ? path : root + "/" + path
        let report: CheckReport
        do {
            let files = try LessonDiscovery.lessonFiles(in: [absolute])
            report = LessonChecker(options: options, toolchain: try Toolchain.locate()).check(files: files)
        } catch {
            record("cannot check the lessons in \(absolute): \(error)", path: "\(file)", line: Int(line))
            return
        }
        for finding in report.findings {
            recordLessonFailure(finding)
        }
    }

    /// Checks the one lesson at `path` (engine drift judged against the other lessons of its course
    /// folder, found under `course`) and records each finding at the lesson's file and line. The tests the
    /// `LessonTests` plugin generates call this, one per lesson. Results are cached under the package's
    /// `.build/lesson-cache`.
    public func assertLesson(_ path: String, course: String, file: StaticString = #filePath, line: UInt = #line) {
        var options = CheckOptions()
        options.cacheDirectory = LessonPaths.packageRoot(containing: path) + "/.build/lesson-cache"
        let report: CheckReport
        do {
            let files = try LessonDiscovery.lessonFiles(in: [course])
            report = LessonChecker(options: options, toolchain: try Toolchain.locate())
                .check(files: files, selection: LessonSelection(filter: path))
        } catch {
            record("cannot check \(path): \(error)", path: "\(file)", line: Int(line))
            return
        }
        guard report.lessons.contains(where: { $0.path == path }) else {
            record("no lesson at \(path)", path: "\(file)", line: Int(line))
            return
        }
        for finding in report.findings { recordLessonFailure(finding) }
    }

    /// Records one finding at its Markdown file and line.
    public func recordLessonFailure(_ finding: Finding) {
        let description = ([finding.message] + finding.details).joined(separator: "\n")
        record(description, path: finding.location.path, line: finding.location.line)
    }

    /// Records a failure on this test case at any file and line, the Markdown lesson's included.
    private func record(_ description: String, path: String, line: Int) {
        #if canImport(Darwin)
            let location = XCTSourceCodeLocation(filePath: path, lineNumber: line)
            record(
                XCTIssue(
                    type: .assertionFailure, compactDescription: description,
                    sourceCodeContext: XCTSourceCodeContext(location: location)))
        #else
            recordFailure(withDescription: description, inFile: path, atLine: line, expected: true)
        #endif
    }
}

/// Finds the package a test file belongs to.
public enum LessonPaths {
    /// The nearest folder above `file` holding a `Package.swift`; the current directory when there is none.
    public static func packageRoot(containing file: String) -> String {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
            url.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }
}
