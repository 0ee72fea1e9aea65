import XCTest

@testable import LessonKit

/// Roles and pairing follow the course format with no markup.
final class PlanningTests: XCTestCase {
    private func plan(_ text: String) -> LessonPlan {
        LessonPlanner.plan(Lesson(path: "t.md", bytes: Array(text.utf8)))
    }

    func testRolesAndPairing() {
        let planned = plan(
            """
            ```swift
            // Engine.swift — e
            ```
            ```swift
            // main.swift — first
            ```
            ```bash
            echo not output
            ```
            ```
            out1
            ```
            ```
            unpaired
            ```
            ```swift
            // main.swift — second
            ```
            ```swift
            // Kaynak parca: a fragment
            ```
            ```
            not the second's output: a swift block came between
            ```
            ```swift
            // Views.swift — imports an Apple framework
            import SwiftUI
            ```

            """)
        XCTAssertEqual(
            planned.roles,
            [
                .engineFile(fileName: "Engine.swift"), .scenario(description: "first"), .other,
                .expectedOutput(scenarioLine: 4), .other, .scenario(description: "second"), .snippet, .other, .snippet,
            ])
        XCTAssertEqual(planned.scenarios.map { $0.expected?.openingLine }, [10, nil])
        XCTAssertEqual(planned.engineFiles.map(\.fileName), ["Engine.swift"])
    }

    func testDuplicateEngineFileIsAReadingFinding() {
        let planned = plan("```swift\n// A.swift — a\n```\n\n```swift\n// A.swift — again\n```\n")
        XCTAssertEqual(planned.readingFindings.map(\.location.line), [5])
        XCTAssertEqual(
            planned.readingFindings.map(\.message),
            ["engine file 'A.swift' is printed twice in this lesson (first at line 1)"])
    }

    func testSwiftVersionFromFrontMatter() {
        XCTAssertEqual(plan("---\nswift-version: 6\n---\n").languageMode, .swift6)
        XCTAssertEqual(plan("# none\n").languageMode, .swift5)
        XCTAssertEqual(
            plan("---\nswift-version: 4\n---\n").readingFindings.map(\.message),
            ["malformed front matter: swift-version must be 5 or 6"])
    }
}
