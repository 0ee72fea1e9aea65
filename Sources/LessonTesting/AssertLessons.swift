import Foundation
import LessonKit
import XCTest

extension XCTestCase {
    /// Checks every lesson under `path` and records each finding as a test failure at the lesson's own file
    /// and line, so that `swift test` prints `/…/Lessons/uikit/03-x.md:57: error: …`. The lessons are
    /// found when the test runs, so a lesson added, renamed or deleted is seen by the next `swift test`.
    ///
    /// A relative `path` is taken from the package root: the nearest folder above the calling test file that
    /// holds a `Package.swift`.
    ///
    ///     final class LessonTests: XCTestCase {
    ///         func testLessons() { assertLessons(in: "Lessons") }
    ///     }
    public func assertLessons(
        in path: String = "Lessons", options: CheckOptions = CheckOptions(), file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let absolute = LessonPaths.absolute(path, from: "\(file)")
        let report: CheckReport
        do {
            let files = try LessonDiscovery.lessonFiles(in: [absolute], excluding: LessonDiscovery.ignorePatterns())
            report = try PackageBaseline.applied(
                to: LessonChecker(
                    options: options, toolchain: try Toolchain.locate(), catalog: try EngineCatalog.ofCourse()
                ).check(files: files),
                packageOf: absolute)
        } catch {
            record("cannot check the lessons in \(absolute): \(error)", path: "\(file)", line: Int(line))
            return
        }
        for finding in report.findings {
            recordLessonFailure(finding)
        }
    }

    /// Checks the one lesson at `path` (engine drift judged against the other lessons of its course
    /// folder, found under `course`) and records each finding at the lesson's file and line. Results are
    /// cached under the package's `.build/lesson-cache`.
    public func assertLesson(_ path: String, course: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let findings = try OneLessonCheck.findings(of: path, course: course, options: CheckOptions())
            for finding in findings { recordLessonFailure(finding) }
        } catch {
            record("cannot check \(path): \(error)", path: "\(file)", line: Int(line))
        }
    }

    /// Records one finding at its Markdown file and line. An error is a test failure; a warning or a note
    /// fails nothing and is printed as swiftc prints it (`/…/x.md:12: warning: …`).
    public func recordLessonFailure(_ finding: Finding) {
        guard finding.isError else {
            print(
                "\(finding.location.path):\(finding.location.line): \(finding.severity.rawValue): "
                    + OneLessonCheck.description(of: finding))
            return
        }
        record(OneLessonCheck.description(of: finding), path: finding.location.path, line: finding.location.line)
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
