import Foundation
import XCTest

@testable import LessonKit

/// A site checks its own lessons, not a checkout of the checker beside them nor what it excludes
/// (`--exclude`, `.lessonignore`, as `.gitignore` writes them).
final class ExclusionTests: XCTestCase {
    private var site = ""

    override func setUpWithError() throws {
        site = try TestSupport.temporaryFolder("exclusions")
        let files = [
            "posts/a.md": "# A\n\n```swift\nlet a = 1\n```\n",
            "drafts/b.md": "# B\n\n```swift\nlet b = (1\n```\n",
            "posts/c.draft.md": "# C\n\n```swift\nlet c = (1\n```\n",
            "lesson-checker/Package.swift":
                "let package = Package(targets: [.target(name: \"LessonTesting\", dependencies: [])])\n",
            "lesson-checker/Fixtures/broken.md": "# Broken\n\n```swift\nlet x = (\n```\n",
        ]
        try TestSupport.write(files, into: site)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: site) }

    private func run(_ arguments: [String]) throws -> TestSupport.CommandResult {
        try TestSupport.runLesson(arguments, in: site)
    }

    func testACheckerCheckoutAndExcludedPathsAreNotChecked() throws {
        // The checker's checkout is never walked; the drafts are, until excluded.
        let all = try run(["check", "--no-cache", "--color", "never", "."])
        XCTAssertEqual(all.status, 1)
        XCTAssertFalse(all.standardOutput.contains("lesson-checker"), all.standardOutput)
        XCTAssertTrue(all.standardOutput.hasSuffix("1 passed, 2 failed\n"), all.standardOutput)

        let excluded = try run(["check", "--no-cache", "--color", "never", "--exclude", "drafts/, *.draft.md", "."])
        XCTAssertEqual(excluded.status, 0, excluded.standardOutput)
        XCTAssertEqual(
            excluded.standardOutput,
            "posts: 1 lesson, 1 code block, 0 scenarios, 1 snippet, 0 engine reprints, 0 failures\n1 passed, 0 failed\n"
        )

        try Data("# not ours\ndrafts/\n\n/posts/c.draft.md\n".utf8).write(
            to: URL(fileURLWithPath: site + "/" + LessonDiscovery.ignoreFile))
        let ignored = try run(["check", "--no-cache", "--color", "never", "."])
        XCTAssertEqual(ignored.status, 0, ignored.standardOutput)
        XCTAssertEqual(try run(["list", "--exclude", "posts/", "."]).status, 2, "nothing left to list")
    }
}
