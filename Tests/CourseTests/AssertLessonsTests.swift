import CoursePackageSupport
import Foundation
import LessonKit
import LessonTesting
import XCTest

/// `assertLessons(in:)` records every finding at the lesson's absolute path and Markdown line.
final class AssertLessonsTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        XCTestFailureLog.startObserving()
        // The first class of this target: the course package's build starts in the background.
        CoursePackageWarmUp.startIfWholeRun()
    }

    /// A test case whose recorded failures are kept instead of failing the run.
    private final class RecordingCase: XCTestCase {
        var recorded: [(file: String, line: Int, description: String)] = []

        #if canImport(Darwin)
            override func record(_ issue: XCTIssue) {
                recorded.append(
                    (
                        issue.sourceCodeContext.location?.fileURL.path ?? "",
                        issue.sourceCodeContext.location?.lineNumber ?? 0,
                        issue.compactDescription
                    ))
            }
        #else
            override func recordFailure(
                withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
            ) {
                recorded.append((filePath, lineNumber, description))
            }
        #endif

        static func make() -> RecordingCase {
            #if canImport(Darwin)
                RecordingCase()
            #else
                RecordingCase(name: "recording", testClosure: { _ in })
            #endif
        }
    }

    func testFindingsAreRecordedAtTheLessonFileAndLine() {
        let recorder = RecordingCase.make()
        var options = CheckOptions()
        options.timeout = 2
        recorder.assertLessons(in: "Fixtures/check/fail/wrong-output.md", options: options)
        let root = LessonPaths.packageRoot(containing: #filePath)
        XCTAssertEqual(recorder.recorded.count, 1)
        XCTAssertEqual(recorder.recorded.first?.file, root + "/Fixtures/check/fail/wrong-output.md")
        XCTAssertEqual(recorder.recorded.first?.line, 25)
        XCTAssertEqual(
            recorder.recorded.first?.description,
            "expected output differs at line 1 of 2\n@@ -25,2 +25,2 @@\n-deger: 4\n+deger: 3\n bitti")
    }

    func testOneLessonIsCheckedWithinItsCourse() {
        let recorder = RecordingCase.make()
        let root = LessonPaths.packageRoot(containing: #filePath)
        recorder.assertLesson(root + "/Fixtures/engines/course/03-third.md", course: root + "/Fixtures/engines/course")
        XCTAssertEqual(recorder.recorded.map(\.file), [root + "/Fixtures/engines/course/03-third.md"])
        XCTAssertEqual(recorder.recorded.map(\.line), [9])
        let passing = RecordingCase.make()
        passing.assertLesson(root + "/Fixtures/engines/course/01-first.md", course: root + "/Fixtures/engines/course")
        XCTAssertTrue(passing.recorded.isEmpty)
    }

    /// A course package's committed `lesson-baseline.json` makes its known errors notes: `swift test` fails
    /// only on new ones, as `lesson check` does.
    func testACoursePackageHonoursItsCommittedBaseline() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Lessons", withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        try Data("# Old\n\n```swift\nlet old = (1 +\n```\n".utf8).write(
            to: URL(fileURLWithPath: root + "/Lessons/old.md"))
        var options = CheckOptions()
        options.cacheDirectory = nil
        let before = RecordingCase.make()
        before.assertLessons(in: root + "/Lessons", options: options)
        XCTAssertEqual(before.recorded.map(\.line), [5])
        let report = LessonChecker(options: options, toolchain: try Toolchain.locate()).check(
            files: [root + "/Lessons/old.md"])
        try Baseline.recording(report, in: root).write(to: root + "/" + Baseline.defaultFile)
        let after = RecordingCase.make()
        after.assertLessons(in: root + "/Lessons", options: options)
        XCTAssertEqual(after.recorded.map(\.line), [])
        let one = RecordingCase.make()
        one.assertLesson(root + "/Lessons/old.md", course: root + "/Lessons")
        XCTAssertEqual(one.recorded.map(\.line), [])
    }

    /// Warnings fail nothing: a lesson whose findings are all warnings records no failure, and one with an
    /// error beside its warnings records the error alone.
    func testWarningsAreNotFailures() {
        var options = CheckOptions()
        options.timeout = 2
        let warned = RecordingCase.make()
        warned.assertLessons(in: "Fixtures/field/pass/near-misses.md", options: options)
        XCTAssertEqual(warned.recorded.map(\.line), [])
        let both = RecordingCase.make()
        both.assertLessons(in: "Fixtures/field/fail/text-block-after-scenario.md", options: options)
        XCTAssertEqual(both.recorded.map(\.line), [3])
    }

    func testAPathWithoutLessonsFailsAtTheCallSite() {
        let recorder = RecordingCase.make()
        recorder.assertLessons(in: "Fixtures/engines/extra")
        XCTAssertEqual(recorder.recorded.count, 1)
        XCTAssertEqual(recorder.recorded.first?.file, #filePath)
        XCTAssertTrue(recorder.recorded.first?.description.contains("no lesson found") ?? false)
    }
}
