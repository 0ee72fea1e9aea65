import Foundation
import XCTest

@testable import LessonKit

/// `lesson check --update` on copies of `Fixtures/update/*.md`: each result must equal `name.updated` byte
/// for byte, and `lesson check` right after it must pass.
final class UpdateTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("update-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func copy(_ name: String) throws -> String {
        let target = folder + "/" + name + ".md"
        try FileManager.default.copyItem(
            atPath: TestSupport.packageRoot + "/Fixtures/update/\(name).md", toPath: target)
        return target
    }

    private func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    func testEveryUpdateFixtureBecomesItsGoldenFileAndThenPasses() throws {
        let names = [
            "lf", "crlf-bom", "mixed", "fences", "indented", "wildcards", "no-final-newline", "fence-in-output",
            "containers", "prints-comments", "book-tests",
        ]
        let paths = try names.map(copy)
        let update = try TestSupport.runLesson(["check", "--update", "--no-cache", "--color", "never"] + paths)
        XCTAssertEqual(update.status, 0, update.standardOutput)
        for (name, path) in zip(names, paths) {
            let golden = try bytes(TestSupport.packageRoot + "/Fixtures/update/\(name).updated")
            XCTAssertEqual(try bytes(path), golden, "\(name).md after --update differs from \(name).updated")
        }
        let check = try TestSupport.runLesson(["check", "--no-cache"] + paths)
        XCTAssertEqual(check.status, 0, check.standardOutput)
    }

    func testEachChangeIsPrintedWithItsLine() throws {
        let lf = try copy("lf")
        let fences = try copy("fences")
        let result = try TestSupport.runLesson(["check", "--update", "--no-cache", "--color", "never", lf, fences])
        XCTAssertEqual(
            result.standardOutput,
            """
            \(lf):10: updated expected output (3 → 3 lines)
            \(fences):9: updated expected output (2 → 2 lines)
            \(fences):19: inserted expected output (1 line)
            3 passed, 0 failed

            """)
    }

    /// Blocks in a block quote, in `1.  ` list items and in an item indented by a tab: each new line gets the
    /// prefix of the lines around it, an empty line stays in its quote, fences in a quote are lengthened.
    func testBlocksInQuotesAndListItemsAreRewrittenInPlace() throws {
        let path = try copy("containers")
        let result = try TestSupport.runLesson(["check", "--update", "--no-cache", "--color", "never", path])
        XCTAssertEqual(
            result.standardOutput,
            """
            \(path):12: updated expected output (2 → 3 lines)
            \(path):25: inserted expected output (1 line)
            \(path):36: updated expected output (1 → 1 line), fences lengthened to 4
            \(path):48: updated expected output (1 → 2 lines)
            4 passed, 0 failed

            """)
        let lines = String(decoding: try bytes(path), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[12...15], ["> one", ">", "> three", "> ```"])
        XCTAssertEqual(lines[23...26], ["", "    ```", "    hi", "    ```"])
        XCTAssertEqual(lines[35...38], ["    > ~~~~", "    > ~~~", "    > ~~~~", ""])
        XCTAssertEqual(lines[47...50], ["\t```", "\t1", "\t2", "\t```"])
    }

    /// Output comments are rewritten in place, each change printed at the first comment it rewrites: the
    /// text between the quotes (escaped), the lines of a `// prints:` list, in a quote with CRLF endings too,
    /// and the text after a `// Prints:` colon (quoted where it could not be read back as written).
    func testOutputCommentsAreRewrittenInPlace() throws {
        let path = try copy("prints-comments")
        let result = try TestSupport.runLesson(["check", "--update", "--no-cache", "--color", "never", path])
        XCTAssertEqual(
            result.standardOutput,
            """
            \(path):8: updated 3 output comments
            \(path):24: updated 2 output comments
            \(path):32: updated 1 output comment
            \(path):39: updated 3 output comments
            4 passed, 0 failed, 11 output comments checked

            """)
        XCTAssertEqual(result.status, 0)
    }

    /// A scenario that printed another number of lines than its comments state is left as it is, with the
    /// reason; the lesson's other scenarios are updated, and the check still fails.
    func testOutputCommentsOfAnotherLineCountAreNotGuessed() throws {
        let path = try copy("prints-refused")
        let result = try TestSupport.runLesson(["check", "--update", "--no-cache", "--color", "never", path])
        XCTAssertEqual(result.status, 1)
        let why =
            "which comment each line belongs to cannot be known; edit the comments, or state the output in an "
            + "expected block"
        XCTAssertTrue(
            result.standardOutput.hasPrefix(
                """
                \(path):5: updated 1 output comment
                \(path):26: inserted expected output (1 line)
                \(path):8: note: not updated: the scenario printed 2 lines but its output comments state 1 (line 10): \(why)
                \(path):14: note: not updated: the scenario printed 0 lines but its output comments state 2 (lines 16-18): \(why)

                """), result.standardOutput)
        XCTAssertTrue(
            result.standardOutput.hasSuffix("2 passed, 2 failed, 4 output comments checked\n"), result.standardOutput)
        XCTAssertEqual(try bytes(path), try bytes(TestSupport.packageRoot + "/Fixtures/update/prints-refused.updated"))
    }

    func testALessonWithAScenarioThatDoesNotBuildIsLeftUntouched() throws {
        let path = try copy("does-not-build")
        let before = try bytes(path)
        let result = try TestSupport.runLesson(["check", "--update", "--no-cache", "--color", "never", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardOutput.hasPrefix(
                "\(path): note: not updated: a scenario does not build, traps or times out\n"),
            result.standardOutput)
        XCTAssertEqual(try bytes(path), before)
    }

    func testDriftedEngineIsRefreshedFromTheNamedEngine() throws {
        let target = folder + "/named-drift.md"
        try FileManager.default.copyItem(
            atPath: TestSupport.packageRoot + "/Fixtures/engines/named-drift.md", toPath: target)
        let result = try TestSupport.runLesson(["check", "--update", "--no-cache", target])
        XCTAssertEqual(result.status, 0, result.standardOutput)
        let plan = LessonPlanner.plan(Lesson.read(path: target))
        let engine = try XCTUnwrap(EngineCatalog.builtIn["Sync"]?.file(named: "Sync.swift"))
        XCTAssertEqual(plan.engineFiles.first?.block.text, engine.contents)
    }

    /// A lesson reached through a symbolic link is rewritten where the link points; the link stays a link.
    func testSymbolicLinkStaysALink() throws {
        let real = try copy("lf")
        let link = folder + "/link.md"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        chmod(real, 0o640)
        let result = try TestSupport.runLesson(["check", "--update", "--no-cache", link])
        XCTAssertEqual(result.status, 0, result.standardOutput)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), real)
        XCTAssertEqual(try bytes(real), try bytes(TestSupport.packageRoot + "/Fixtures/update/lf.updated"))
        let permissions = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? NSNumber
        XCTAssertEqual(permissions?.intValue, 0o640)
    }

    /// The same lesson named twice is one lesson, updated once.
    func testALessonNamedTwiceIsUpdatedOnce() throws {
        let path = try copy("no-final-newline")
        let result = try TestSupport.runLesson([
            "check", "--update", "--no-cache", path, folder + "/./no-final-newline.md",
        ])
        XCTAssertEqual(result.status, 0, result.standardOutput)
        XCTAssertEqual(
            try bytes(path), try bytes(TestSupport.packageRoot + "/Fixtures/update/no-final-newline.updated"))
    }

    /// Refreshing a drifted engine reprint changes what its lesson prints: that is accepted too, so a check
    /// right after the update passes.
    func testARefreshedEngineIsCheckedAgain() throws {
        let lesson = { (word: String) in
            "```swift\n// Engine.swift — says\nfunc say() { print(\"\(word)\") }\n```\n\n```swift\n// main.swift — says\nsay()\n```\n\n```\n\(word)\n```\n"
        }
        for (name, word) in [("a", "hello"), ("b", "hello"), ("c", "hi")] {
            try Data(lesson(word).utf8).write(to: URL(fileURLWithPath: folder + "/\(name).md"))
        }
        let update = try TestSupport.runLesson(["check", "--update", "--no-cache", "--color", "never", folder])
        XCTAssertEqual(update.status, 0, update.standardOutput)
        let expected =
            "\(folder!)/c.md:1: updated engine file Engine.swift (2 → 2 lines)\n\(folder!)/c.md:11: updated expected output (1 → 1 line)\n"
        XCTAssertEqual(String(update.standardOutput.prefix(expected.count)), expected)
        XCTAssertEqual(try TestSupport.runLesson(["check", "--no-cache", folder]).status, 0)
    }

    func testWildcardsAreKeptWhereTheyStillMatch() {
        XCTAssertEqual(
            OutputMatching.keepingWildcards(
                expected: ["start", "...", "end", "total: 3"], actual: ["start", "a", "b", "end", "total: 4"]),
            ["start", "...", "end", "total: 4"])
        XCTAssertEqual(
            OutputMatching.keepingWildcards(expected: ["...", "end"], actual: ["a", "b", "end", "more"]),
            ["...", "end", "more"])
        XCTAssertEqual(
            OutputMatching.keepingWildcards(expected: ["head", "..."], actual: ["other", "x"]), ["other", "x"])
    }

    func testEllipsisAndUnorderedMatching() {
        XCTAssertNil(OutputMatching.firstEllipsisDifference(expected: ["a", "...", "z"], actual: ["a", "z"]))
        XCTAssertNil(OutputMatching.firstEllipsisDifference(expected: ["..."], actual: []))
        XCTAssertEqual(OutputMatching.firstEllipsisDifference(expected: ["a", "...", "z"], actual: ["a", "b"]), 2)
        XCTAssertEqual(OutputMatching.firstEllipsisDifference(expected: ["a"], actual: ["a", "b"]), 1)
        XCTAssertNil(OutputMatching.firstUnorderedDifference(expected: ["b", "a", "a"], actual: ["a", "b", "a"]))
        XCTAssertEqual(OutputMatching.firstUnorderedDifference(expected: ["a", "a"], actual: ["a", "b"]), 1)
        XCTAssertEqual(OutputMatching.firstUnorderedDifference(expected: ["a"], actual: ["a", "b"]), 1)
    }

    /// One mode per combination of attributes, and what each says and writes back.
    func testEachOutputModeSaysHowItComparedAndWhatAnUpdateWrites() {
        XCTAssertEqual(OutputMode(OutputOptions()), .exact)
        XCTAssertEqual(OutputMode(OutputOptions(unordered: true)), .unordered)
        XCTAssertEqual(OutputMode(OutputOptions(ellipsis: true)), .ellipsis)
        XCTAssertEqual(OutputMode(OutputOptions(unordered: true, ellipsis: true)), .unorderedWithWildcards)
        XCTAssertEqual(OutputMode(OutputOptions(someLinesInOrder: true)), .someLinesInOrder)
        XCTAssertEqual(
            [OutputMode.exact, .unordered, .ellipsis, .unorderedWithWildcards, .someLinesInOrder].map(\.messageSuffix),
            [
                "", " (lines compared in any order)", " ('...' matches any lines)",
                " (lines compared in any order; '...' allows lines not expected)", "",
            ])
        XCTAssertEqual(
            OutputMode.ellipsis.updatedLines(expected: ["a", "..."], printed: ["a", "b", "c"]), ["a", "..."])
        XCTAssertEqual(
            OutputMode.unorderedWithWildcards.updatedLines(expected: ["a", "..."], printed: ["b", "a"]), ["b", "a"])
    }

    /// `output unordered ellipsis`: the lines in any order, and a `...` lets any other lines be printed too;
    /// before, only the `...` counted, and the order was compared while the message said it was not.
    func testUnorderedEllipsisFindsTheLinesInAnyOrderAmongOthers() {
        let both = OutputOptions(unordered: true, ellipsis: true)
        XCTAssertNil(
            OutputComparison.compare(
                expected: ["b", "...", "a"], actual: ["a", "x", "b", "y"], firstLine: 5, options: both))
        XCTAssertNil(OutputComparison.compare(expected: ["..."], actual: ["x"], firstLine: 5, options: both))
        let missing = OutputComparison.compare(
            expected: ["b", "...", "c"], actual: ["a", "b"], firstLine: 5, options: both)
        XCTAssertEqual(missing?.firstDifference, 2)
        // Without a `...`, every printed line must be expected, as with `unordered` alone.
        let extra = OutputComparison.compare(
            expected: ["b", "a"], actual: ["a", "b", "c"], firstLine: 5, options: both)
        XCTAssertEqual(extra?.firstDifference, 2)
        XCTAssertNotNil(
            OutputComparison.compare(
                expected: ["b", "...", "a"], actual: ["a", "x", "b"], firstLine: 5,
                options: OutputOptions(ellipsis: true)))
    }
}
