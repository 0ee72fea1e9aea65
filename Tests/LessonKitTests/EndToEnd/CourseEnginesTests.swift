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

    /// An engine file is read inside the engines' folder only: a link that leaves it is refused with its name
    /// (a link to `/etc/shadow` put the file's lines into the compiler's diagnostics), and so is a FIFO; a
    /// link inside the folder is read, and a linked engine folder outside it is no engine.
    func testAnEngineFileIsNeverReadThroughALinkThatLeavesTheEnginesFolder() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: course + "/Engines/Shared", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: course + "/Engines/Indirim", withIntermediateDirectories: true)
        let engine =
            "struct Indirim {\n    var oran: Int\n    func uygula(_ fiyat: Int) -> Int { fiyat - fiyat * oran / 100 }\n}\n"
        try Data(engine.utf8).write(to: URL(fileURLWithPath: course + "/Engines/Shared/Indirim.swift"))
        try manager.createSymbolicLink(
            atPath: course + "/Engines/Indirim/Indirim.swift", withDestinationPath: "../Shared/Indirim.swift")
        let inside = try check()
        XCTAssertEqual(inside.status, 0, inside.standardOutput + inside.standardError)

        try Data("let secret = 1 +\n".utf8).write(to: URL(fileURLWithPath: course + "/secret.swift"))
        try manager.createSymbolicLink(
            atPath: course + "/Engines/Indirim/Secret.swift", withDestinationPath: course + "/secret.swift")
        let outside = try check()
        XCTAssertEqual(outside.status, 2)
        XCTAssertEqual(
            outside.standardError,
            "error: --engines: Engines/Indirim/Secret.swift is a link to a file outside the engines' folder; "
                + "an engine's files are read inside it only\n")
        XCTAssertFalse(outside.standardOutput.contains("secret"), outside.standardOutput)

        try manager.removeItem(atPath: course + "/Engines/Indirim/Secret.swift")
        XCTAssertEqual(mkfifo(course + "/Engines/Indirim/Pipe.swift", 0o600), 0)
        let fifo = try check()
        XCTAssertEqual(fifo.status, 2)
        XCTAssertEqual(
            fifo.standardError,
            "error: --engines: Engines/Indirim/Pipe.swift: the file is a FIFO, not a regular file; it is not read\n")

        try manager.removeItem(atPath: course + "/Engines/Indirim/Pipe.swift")
        try manager.createDirectory(atPath: course + "/elsewhere/Sync", withIntermediateDirectories: true)
        try Data("struct Rigged {}\n".utf8).write(to: URL(fileURLWithPath: course + "/elsewhere/Sync/Rigged.swift"))
        try manager.createSymbolicLink(
            atPath: course + "/Engines/Sync", withDestinationPath: course + "/elsewhere/Sync")
        XCTAssertEqual(try EngineCatalog.ofCourse(in: course).engines["Sync"], EngineCatalog.builtIn.engines["Sync"])
    }
}
