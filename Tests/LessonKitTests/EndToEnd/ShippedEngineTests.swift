import Foundation
import XCTest

@testable import LessonKit

/// A course ships its engine without an exercise's file, so that students who have the engine do not have
/// the answer. The instructor's checkout checks the lesson with the reference solution; a student's copy
/// grades a submission with the engine it has. The hidden tests, a lesson of their own, are checked with
/// the solution too.
final class ShippedEngineTests: XCTestCase {
    private var course = ""

    override func setUpWithError() throws {
        course = try TestSupport.temporaryFolder("shipped-engine")
        let files = [
            "Engines/Kasa/Para.swift": "func format(_ amount: Int) -> String { \"\\(amount) TL\" }\n",
            "Lessons/kasa.md": """
            ---
            language: tr
            engine: Kasa
            ---

            # Kasa

            ```swift exercise=kasa
            // Kasa.swift — sepeti toplar
            struct Kasa {
                func toplam(_ fiyatlar: [Int]) -> Int { 0 }
            }
            ```

            ```swift
            // main.swift — iki ürün
            print(format(Kasa().toplam([20, 30])))
            ```

            ```
            50 TL
            ```

            """,
            // The hidden tests are a lesson of their own, checked with the same solution in the engine's gap.
            "Lessons/hidden/kasa.md": """
            ---
            engine: Kasa
            ---

            ```swift
            // main.swift — boş sepet
            print(format(Kasa().toplam([])))
            ```

            ```
            0 TL
            ```

            """,
            "Lessons/solutions/kasa/Kasa.swift":
                "struct Kasa {\n    func toplam(_ fiyatlar: [Int]) -> Int { fiyatlar.reduce(0, +) }\n}\n",
        ]
        try TestSupport.write(files, into: course)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: course) }

    func testTheInstructorChecksWithTheSolutionAndAStudentGradesWithoutIt() throws {
        let instructor = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", "Lessons"], in: course)
        XCTAssertEqual(instructor.status, 0, instructor.standardOutput)
        XCTAssertTrue(instructor.standardOutput.hasSuffix("4 passed, 0 failed\n"), instructor.standardOutput)

        // The student's copy: no solutions folder; their own file, graded against the engine they have.
        try FileManager.default.removeItem(atPath: course + "/Lessons/solutions")
        try FileManager.default.removeItem(atPath: course + "/Lessons/hidden")
        try Data("struct Kasa {\n    func toplam(_ f: [Int]) -> Int { f.reduce(0) { $0 + $1 } }\n}\n".utf8).write(
            to: URL(fileURLWithPath: course + "/Kasa.swift"))
        let graded = try TestSupport.runLesson(
            ["grade", "--lesson", "Lessons/kasa.md", "--exercise", "kasa", "--submission", "Kasa.swift"], in: course)
        XCTAssertEqual(graded.status, 0, graded.standardError)
        XCTAssertTrue(graded.standardOutput.hasPrefix("alıştırma kasa: geçti, 1/1 puan\n"), graded.standardOutput)
    }
}
