import Foundation
import XCTest

@testable import LessonKit

/// A course's own engines, `Engines/<Name>/<File>.swift` at its root, are found by convention: a lesson
/// that names one (`engine: Indirim`) is checked against it with no flag.
final class CourseEnginesTests: XCTestCase {
    private var course = ""

    override func setUpWithError() throws {
        course = try TestSupport.temporaryFolder("course-engines")
        try FileManager.default.createDirectory(atPath: course + "/Lessons", withIntermediateDirectories: true)
        let lesson = """
            ---
            engine: Indirim
            ---

            # İndirim

            ```swift
            // main.swift — yüzde on
            print(Indirim(oran: 10).uygula(200))
            ```

            ```
            180
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: course + "/Lessons/01-indirim.md"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: course) }

    private func check() throws -> TestSupport.CommandResult {
        try TestSupport.runLesson(["check", "--no-cache", "--color", "never", "Lessons"], in: course)
    }

    func testACoursesOwnEngineIsFoundInItsEnginesFolder() throws {
        let unknown = try check()
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(
            unknown.standardOutput.contains(
                "Lessons/01-indirim.md:2: error: unknown engine 'Indirim'; known engines: Invalidation, Sync"),
            unknown.standardOutput)

        try FileManager.default.createDirectory(atPath: course + "/Engines/Indirim", withIntermediateDirectories: true)
        let engine =
            "struct Indirim {\n    var oran: Int\n    func uygula(_ fiyat: Int) -> Int { fiyat - fiyat * oran / 100 }\n}\n"
        try Data(engine.utf8).write(to: URL(fileURLWithPath: course + "/Engines/Indirim/Indirim.swift"))
        let found = try check()
        XCTAssertEqual(found.status, 0, found.standardOutput)
        XCTAssertTrue(found.standardOutput.hasSuffix("1 passed, 0 failed\n"), found.standardOutput)
        XCTAssertEqual(try EngineCatalog.ofCourse(in: course).names, ["Indirim", "Invalidation", "Sync"])
        XCTAssertEqual(try EngineCatalog.ofCourse(in: course + "/Lessons"), .builtIn, "no Engines folder there")
    }
}
