import Foundation
import Testing
import XCTest

@testable import LessonKit

/// Golden files: the exact text a test produced once, kept in the repository and compared byte for byte.
///
/// With `LESSON_RECORD_GOLDENS=1` a golden is written instead of compared, and the test that wrote it fails,
/// so that a run with the variable set never passes: record, review the diff, then run again without it.
enum GoldenFile {
    static var recording: Bool { ProcessInfo.processInfo.environment["LESSON_RECORD_GOLDENS"] == "1" }

    /// Compares `text` with the golden file at `path` (relative to the package root), or records it and fails.
    static func assertMatches(
        _ text: String, golden path: String, _ message: @autoclosure () -> String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard let expected = try expectedText(comparedWith: text, golden: path) else {
            XCTFail(recordedMessage(path), file: file, line: line)
            return
        }
        XCTAssertEqual(text, expected, "\(message()) differs from \(path)", file: file, line: line)
    }

    /// `assertMatches`, for a Swift Testing test.
    static func expectMatches(
        _ text: String, golden path: String, _ message: String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        guard let expected = try expectedText(comparedWith: text, golden: path) else {
            Issue.record(Comment(rawValue: recordedMessage(path)), sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "\(message) differs from \(path)", sourceLocation: sourceLocation)
    }

    /// Writes the golden file at `path` (relative to the package root) and fails: a recording is never a pass.
    static func record(_ text: String, golden path: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        try write(text, golden: path)
        XCTFail(recordedMessage(path), file: file, line: line)
    }

    /// The golden's text to compare `text` with; nil when recording, having written `text` as the golden.
    private static func expectedText(comparedWith text: String, golden path: String) throws -> String? {
        if recording {
            try write(text, golden: path)
            return nil
        }
        return try String(contentsOfFile: TestSupport.packageRoot + "/" + path, encoding: .utf8)
    }

    private static func write(_ text: String, golden path: String) throws {
        let absolute = TestSupport.packageRoot + "/" + path
        try FileManager.default.createDirectory(
            atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: absolute))
    }

    private static func recordedMessage(_ path: String) -> String {
        "recorded \(path); run again without LESSON_RECORD_GOLDENS to compare"
    }

    /// The heading of the check listing that follows the text report in a fixture's golden.
    static let checksHeading = "checks:"

    /// A fixture's golden: the lesson's text report (what `lesson check` prints), then every check of the
    /// lesson, one line each (`scenario line 12: passed`), so that a check that stops being made fails too.
    static func fixtureText(of lesson: LessonReport) -> String {
        let report = TextReporter(useColor: false).render(CheckReport(lessons: [lesson]))
        let checks = lesson.checks.map { "\($0.kind.rawValue) line \($0.location.line): \($0.status.rawValue)\n" }
        return report + checksHeading + "\n" + checks.joined()
    }

    /// The text report part of a fixture's golden, without its check listing.
    static func reportPart(of golden: String) -> String {
        guard let heading = golden.range(of: "\n" + checksHeading + "\n", options: .backwards) else { return golden }
        return String(golden[..<heading.lowerBound]) + "\n"
    }
}
