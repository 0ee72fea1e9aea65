import Foundation
import XCTest

@testable import LessonKit

/// A site with old failing posts turns the check on with a baseline: written once, committed, its known
/// checks `baselined` in every format, known by their block's content whatever moves around them, and
/// every new error failing as before.
final class BaselineTests: XCTestCase {
    private var site = ""

    private let oldPost = """
        ---
        title: An old post
        ---

        # Swift 2

        ```swift
        let old = (1 +
        ```

        ```swift
        let fine = 1
        ```

        """
    private let otherOldPost = "# Another\n\n```swift\nfunc f( {\n```\n"
    private let newPost = "# New\n\n```swift\nlet total = 2\n```\n"

    override func setUpWithError() throws {
        site = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: site + "/_posts", withIntermediateDirectories: true)
        try write(oldPost, to: "_posts/old.md")
        try write(otherOldPost, to: "_posts/other.md")
        try write(newPost, to: "_posts/new.md")
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: site) }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: site + "/" + path))
    }

    /// `lesson check --no-cache --color never ARGUMENTS _posts`, in the site's folder.
    private func check(_ arguments: [String] = []) throws -> TestSupport.CommandResult {
        try TestSupport.runLesson(["check", "--no-cache", "--color", "never"] + arguments + ["_posts"], in: site)
    }

    private func baselineBytes(_ name: String = Baseline.defaultFile) throws -> String {
        try String(contentsOfFile: site + "/" + name, encoding: .utf8)
    }

    func testASiteAdoptsTheCheckWithABaselineAndNewErrorsStillFail() throws {
        XCTAssertEqual(try check().status, 1)
        let written = try check(["--write-baseline", Baseline.defaultFile])
        XCTAssertEqual(written.status, 0, written.standardOutput)
        XCTAssertEqual(written.standardError, "wrote lesson-baseline.json: 2 failed check(s) known\n")
        let sha = { (text: String) in "sha256:" + SHA256.hex(text) }
        XCTAssertEqual(
            try baselineBytes(),
            """
            {
              "entries" : [
                {
                  "content" : "\(sha("let old = (1 +\n"))",
                  "context" : "\(sha("swift 5\u{0}```swift"))",
                  "file" : "_posts/old.md",
                  "findings" : [
                    "snippet-syntax"
                  ],
                  "kind" : "snippet",
                  "message" : "snippet does not parse: expected expression after operator"
                },
                {
                  "content" : "\(sha("func f( {\n"))",
                  "context" : "\(sha("swift 5\u{0}```swift"))",
                  "file" : "_posts/other.md",
                  "findings" : [
                    "snippet-syntax"
                  ],
                  "kind" : "snippet",
                  "message" : "snippet does not parse: expected parameter name followed by ':'"
                }
              ],
              "version" : 1
            }

            """)
        let first = try baselineBytes()
        XCTAssertEqual(try check(["--write-baseline", "again.json"]).status, 0)
        XCTAssertEqual(try baselineBytes("again.json"), first, "the same errors, the same bytes")

        // The baseline in the current folder is used without being named.
        let known = try check()
        XCTAssertEqual(known.status, 0, known.standardOutput)
        XCTAssertTrue(
            known.standardOutput.hasSuffix(
                "2 passed, 0 failed, 2 baselined (2 known errors passed over; --no-baseline lists them)\n"),
            known.standardOutput)
        // The text report counts the known errors; it does not list them (`--no-baseline` does).
        XCTAssertFalse(known.standardOutput.contains("note: baselined:"), known.standardOutput)

        // Prose and a passing block above the old error: still known.
        try write(
            oldPost.replacingOccurrences(of: "# Swift 2\n", with: "# Swift 2\n\nA note.\n\n```swift\nlet n = 1\n```\n"),
            to: "_posts/old.md")
        XCTAssertEqual(try check().status, 0)

        // A new error fails, and only it.
        try write("# New\n\n```swift\nlet total = (2\n```\n", to: "_posts/new.md")
        let new = try check()
        XCTAssertEqual(new.status, 1)
        XCTAssertTrue(
            new.standardOutput.hasSuffix(
                "2 passed, 1 failed, 2 baselined (2 known errors passed over; --no-baseline lists them)\n"),
            new.standardOutput)
        XCTAssertTrue(new.standardOutput.contains("_posts/new.md:5: error: snippet does not parse"), new.standardOutput)
        try write(newPost, to: "_posts/new.md")

        // A known block edited so that it errs again is no longer known.
        try write(otherOldPost.replacingOccurrences(of: "func f( {", with: "func g( {"), to: "_posts/other.md")
        let edited = try check()
        XCTAssertEqual(edited.status, 1)
        XCTAssertTrue(
            edited.standardOutput.contains(
                "_posts/other.md:4:9: error: snippet does not parse: expected parameter name followed by ':'"),
            edited.standardOutput)
        XCTAssertTrue(
            edited.standardError.contains(
                "note: lesson-baseline.json: 1 known check(s) of these lessons failed no more (fixed, or changed so "
                    + "that they pass); --write-baseline lesson-baseline.json drops them"), edited.standardError)
        XCTAssertEqual(try check(["--no-baseline"]).status, 1)
    }

    /// A baselined scenario is known by its context too: its engine, its expected block and its fence. A
    /// changed engine or expected block un-baselines it; an entry written before contexts were recorded is
    /// known by its block alone.
    func testAChangedEngineOrExpectedBlockUnbaselinesItsScenario() throws {
        let lesson = { (engine: String, expected: String) in
            """
            # Sayaç

            ```swift
            // Counter.swift — sayar
            struct Counter { var value = \(engine) }
            ```

            ```swift
            // main.swift — başlar
            print(Counter().value)
            ```

            ```
            \(expected)
            ```

            """
        }
        try FileManager.default.removeItem(atPath: site + "/_posts")
        try FileManager.default.createDirectory(atPath: site + "/_posts", withIntermediateDirectories: true)
        try write(lesson("1", "2"), to: "_posts/counter.md")
        XCTAssertEqual(try check(["--write-baseline", Baseline.defaultFile]).status, 0)
        let known = try check()
        XCTAssertEqual(known.status, 0, known.standardOutput)
        XCTAssertTrue(
            known.standardOutput.hasSuffix(
                "0 passed, 0 failed, 1 baselined (1 known error passed over; --no-baseline lists them)\n"),
            known.standardOutput)

        try write(lesson("3", "2"), to: "_posts/counter.md")
        let engine = try check()
        XCTAssertEqual(engine.status, 1, "a changed engine: " + engine.standardOutput)
        XCTAssertTrue(engine.standardOutput.hasSuffix("0 passed, 1 failed\n"), engine.standardOutput)

        try write(lesson("1", "5"), to: "_posts/counter.md")
        XCTAssertEqual(try check().status, 1, "a changed expected block")

        // An entry of an older baseline, without a context, is known by its block.
        try write(lesson("3", "5"), to: "_posts/counter.md")
        let text = try baselineBytes()
        let legacy = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"context\"") }.joined(separator: "\n")
        try write(legacy, to: Baseline.defaultFile)
        XCTAssertEqual(try check().status, 0)
    }

    /// A book test is known by all its blocks: editing its second block, far below its `- test:` line, makes
    /// it a new error again.
    func testABookTestIsKnownByEveryBlockOfIt() throws {
        let book = """
            # Book

            <!--
              - test: `sum`

              ```swifttest
              -> let total = 1 + 1
              ```
            -->

            Prose.

            <!--
              - test: `sum`

              ```swifttest
              -> print(total)
              <- 3
              ```
            -->

            """
        try write(book, to: "_posts/book.md")
        try FileManager.default.removeItem(atPath: site + "/_posts/old.md")
        try FileManager.default.removeItem(atPath: site + "/_posts/other.md")
        XCTAssertEqual(try check(["--write-baseline", Baseline.defaultFile]).status, 0)
        let known = try check()
        XCTAssertEqual(known.status, 0, known.standardOutput)
        XCTAssertTrue(
            known.standardOutput.hasSuffix(
                "1 passed, 0 failed, 1 baselined (1 known error passed over; --no-baseline lists them)\n"),
            known.standardOutput)
        try write(book.replacingOccurrences(of: "<- 3", with: "<- 5"), to: "_posts/book.md")
        let edited = try check()
        XCTAssertEqual(edited.status, 1)
        XCTAssertTrue(
            edited.standardOutput.hasPrefix("_posts/book.md:18: error: expected output differs at line 1 of 1\n"),
            edited.standardOutput)
    }

    func testABaselinedCheckInEveryFormat() throws {
        XCTAssertEqual(try check(["--write-baseline", Baseline.defaultFile]).status, 0)
        let json = try check(["--format", "json"])
        XCTAssertEqual(json.status, 0)
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        let statuses = (report["checks"] as! [[String: Any]]).map { "\($0["lesson"]!):\($0["line"]!) \($0["status"]!)" }
        XCTAssertEqual(
            statuses.sorted(),
            [
                "_posts/new.md:3 passed", "_posts/old.md:11 passed", "_posts/old.md:7 baselined",
                "_posts/other.md:3 baselined",
            ])
        XCTAssertEqual((report["totals"] as! [String: Int])["baselined"], 2)
        let junit = try check(["--format", "junit"])
        XCTAssertTrue(
            junit.standardOutput.contains("<skipped message=\"baselined: its errors are known (snippet-syntax)\"/>"),
            junit.standardOutput)
        XCTAssertTrue(junit.standardOutput.contains("skipped=\"1\""), junit.standardOutput)
        let github = try check(["--format", "github"])
        XCTAssertTrue(
            github.standardOutput.contains(
                "::notice file=_posts/old.md,line=9,title=lesson check%3A snippet-syntax::baselined: snippet does not parse"
            ), github.standardOutput)
        XCTAssertFalse(github.standardOutput.contains("::error"), github.standardOutput)
        let html = try check(["--format", "html"])
        XCTAssertTrue(
            html.standardOutput.contains("<span class=\"badge baselined\">baselined</span>"), html.standardOutput)
        XCTAssertTrue(html.standardOutput.contains("2 passed, 0 failed, 2 baselined"), html.standardOutput)
        let wrong = try check(["--baseline", "_posts/new.md"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(
            wrong.standardError.hasPrefix(
                "error: _posts/new.md is not a lesson baseline (version 1); write one with --write-baseline"),
            wrong.standardError)
    }

    /// An entry whose context is empty (or any other text than a digest) is refused: it matched as an entry
    /// without a context, so an edit of the scenario's expected block or engine stayed baselined.
    func testAnEntryWithAnEmptyContextIsRefused() throws {
        XCTAssertEqual(try check(["--write-baseline", Baseline.defaultFile]).status, 0)
        let recorded = try baselineBytes()
        let emptied = recorded.replacingOccurrences(
            of: #""context" : "sha256:[0-9a-f]{64}""#, with: #""context" : """#, options: .regularExpression)
        XCTAssertNotEqual(emptied, recorded)
        try write(emptied, to: Baseline.defaultFile)
        let result = try check()
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.standardError.hasPrefix(
                "error: lesson-baseline.json: entry 1 (_posts/old.md): content and context are sha256: and 64 "
                    + "hexadecimal digits"), result.standardError)
    }
}
