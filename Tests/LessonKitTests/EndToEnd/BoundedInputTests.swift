import Foundation
import XCTest

@testable import LessonKit

/// Inputs too large to read whole, and names read back from files: each refused with one finding or one
/// error, the rest of the work done.
final class BoundedInputTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try TestSupport.temporaryFolder("bounded-input") }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A lesson file past 16 MiB is not read: one finding at its first line, and the lesson beside it is
    /// checked as usual.
    func testALessonFilePastItsLimitIsOneFindingAndTheOthersAreChecked() throws {
        let large = "# Large\n\n" + String(repeating: "x", count: LessonFileBytes.maximumSize - 9) + "\n"
        try Data(large.utf8).write(to: URL(fileURLWithPath: folder + "/large.md"))
        try Data("# Small\n\n```swift\nlet answer = 42\n```\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/small.md"))
        let result = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardOutput,
            "\(folder)/large.md:1: error: the file holds 16777217 bytes, more than the 16 MiB a lesson file may "
                + "hold; it is not read\n"
                + "\(folder): 2 lessons, 1 code block, 0 scenarios, 1 snippet, 0 engine reprints, 1 failure\n"
                + "1 passed, 1 failed\n")
        // At the limit exactly, the file is read.
        try Data(large.dropLast(2).utf8 + [10]).write(to: URL(fileURLWithPath: folder + "/large.md"))
        let within = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder])
        XCTAssertEqual(
            within.standardOutput,
            "\(folder): 2 lessons, 1 code block, 0 scenarios, 1 snippet, 0 engine reprints, 0 failures\n"
                + "1 passed, 0 failed\n")
        XCTAssertEqual(within.status, 0)
    }

    /// A FIFO with no writer and a link to `/dev/stdin` are not read (opening them would block, or read the
    /// checker's own input): one finding each, at once, and the lesson beside them is checked.
    func testFilesThatAreNotRegularAreOneFindingEachAndNeverBlock() throws {
        XCTAssertEqual(mkfifo(folder + "/pipe.md", 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/stdin.md", withDestinationPath: "/dev/stdin")
        try Data("# Small\n\n```swift\nlet answer = 42\n```\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/small.md"))
        let started = Date()
        let result = try TestSupport.runLesson([
            "check", "--no-cache", "--color", "never", folder + "/pipe.md", folder + "/stdin.md", folder + "/small.md",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardOutput,
            "\(folder)/pipe.md:1: error: the file is a FIFO, not a regular file; it is not read\n"
                + "\(folder)/stdin.md:1: error: the file is a character device (a terminal, /dev/stdin), not a regular "
                + "file; it is not read\n" + "1 passed, 2 failed\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "never blocks")
    }

    /// A folder of prose alone (a blog's `about/`) gets no summary line: only course folders with code do.
    func testAFolderWithoutCodeBlocksIsNotSummarised() throws {
        try FileManager.default.createDirectory(atPath: folder + "/prose", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/code", withIntermediateDirectories: true)
        try Data("# Prose\n\nNo code here.\n".utf8).write(to: URL(fileURLWithPath: folder + "/prose/a.md"))
        try Data("# Code\n\n```swift\nlet x = 1\n```\n".utf8).write(to: URL(fileURLWithPath: folder + "/code/b.md"))
        let result = try TestSupport.runLesson(["check", "--no-cache", "--color", "never", folder])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.standardOutput,
            "\(folder)/code: 1 lesson, 1 code block, 0 scenarios, 1 snippet, 0 engine reprints, 0 failures\n"
                + "1 passed, 0 failed\n")
    }

    /// A shard's summary that names a student `../../evil` is refused before any path is built from it: the
    /// class page would otherwise read that student's files from outside the shard's folder.
    func testAMergeRefusesAStudentNameThatLeavesTheShardsFolder() throws {
        let shard = folder + "/shards/one"
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
        try Data("student,score,max_score,status,seconds\n../../evil,1,1,passed,0.5\n".utf8).write(
            to: URL(fileURLWithPath: shard + "/summary.csv"))
        let result = try TestSupport.runLesson([
            "merge", "--output", folder + "/merged/summary.csv", shard + "/summary.csv",
        ])
        XCTAssertEqual(
            result.standardError,
            "error: \(shard)/summary.csv: the student \"../../evil\" holds a /, not a folder's name\n"
                + "run 'lesson --help' for usage\n")
        XCTAssertEqual(result.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/merged/report.html"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/merged/summary.csv"))
    }
}
