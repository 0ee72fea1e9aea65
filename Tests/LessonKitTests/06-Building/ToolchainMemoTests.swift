import Foundation
import XCTest

@testable import LessonKit

/// What a user's checker keeps of a toolchain between its processes (`ToolchainMemo`): kept only where
/// that user alone may write, read only from that user's own files, each holding its whole key.
final class ToolchainMemoTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("memo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTheFolderIsTheUsersCacheOrElseAFolderOfItsOwnInTheTemporaryFolder() throws {
        XCTAssertEqual(
            ToolchainMemo.folder(environment: ["XDG_CACHE_HOME": folder + "/xdg"], temporary: folder),
            folder + "/xdg/lesson/toolchain")
        XCTAssertEqual(
            ToolchainMemo.folder(environment: ["HOME": folder + "/home"], temporary: folder),
            folder + "/home/.cache/lesson/toolchain")
        var info = stat()
        XCTAssertEqual(lstat(folder + "/home/.cache/lesson/toolchain", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        XCTAssertEqual(
            ToolchainMemo.folder(environment: ["HOME": "/dev/null"], temporary: folder),
            folder + "/lesson-toolchain-\(geteuid())")
    }

    /// A folder others may write is closed to them first; one another user owns is not used at all.
    func testAFolderOthersMayWriteIsClosedAndAnotherUsersIsPassedOver() throws {
        let open = folder + "/open/lesson/toolchain"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o777)
        XCTAssertEqual(ToolchainMemo.folder(environment: ["XDG_CACHE_HOME": folder + "/open"], temporary: folder), open)
        var info = stat()
        XCTAssertEqual(lstat(open, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        try XCTSkipUnless(geteuid() == 0, "giving a folder to another user needs root")
        let others = folder + "/others/lesson/toolchain"
        try FileManager.default.createDirectory(atPath: others, withIntermediateDirectories: true)
        XCTAssertEqual(chown(others, 65534, 65534), 0)
        XCTAssertEqual(
            ToolchainMemo.folder(environment: ["XDG_CACHE_HOME": folder + "/others"], temporary: folder),
            folder + "/lesson-toolchain-0")
    }

    func testAValueIsReadBackOnlyUnderItsWholeKeyAndFromTheUsersOwnFile() throws {
        let memo = ToolchainMemo(folder: folder)
        memo.store(["a", "b"], key: ["question", "one"])
        XCTAssertEqual(memo.value([String].self, key: ["question", "one"]), ["a", "b"])
        XCTAssertNil(memo.value([String].self, key: ["question", "two"]))
        // A file under the key's name that holds another key (a collision of the name's hash) is not it.
        let file = folder + "/" + ToolchainMemo.hash(["question", "one"]) + ".json"
        try Data(#"{"key":["question","other"],"value":["c"]}"#.utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertNil(memo.value([String].self, key: ["question", "one"]))
        try Data(#"{"key":["question","one"],"value":["c"]}"#.utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(memo.value([String].self, key: ["question", "one"]), ["c"])
        try XCTSkipUnless(geteuid() == 0, "giving a file to another user needs root")
        XCTAssertEqual(chown(file, 65534, 65534), 0)
        XCTAssertNil(memo.value([String].self, key: ["question", "one"]))
    }

    func testAFileIsMadeOnceAndMadeAgainWhenItsKeyIsNotItsOwn() throws {
        let memo = ToolchainMemo(folder: folder)
        var made = 0
        let make = { (path: String) -> Bool in
            made += 1
            return FileManager.default.createFile(atPath: path, contents: Data("object \(made)".utf8))
        }
        let first = try XCTUnwrap(memo.file(key: ["object", "1"], suffix: "o", make: make))
        XCTAssertEqual(memo.file(key: ["object", "1"], suffix: "o", make: make), first)
        XCTAssertEqual(made, 1)
        XCTAssertEqual(FileManager.default.contents(atPath: first), Data("object 1".utf8))
        try Data("object\n2".utf8).write(to: URL(fileURLWithPath: first + ".key"))
        XCTAssertEqual(memo.file(key: ["object", "1"], suffix: "o", make: make), first)
        XCTAssertEqual(made, 2)
        XCTAssertEqual(FileManager.default.contents(atPath: first), Data("object 2".utf8))
        XCTAssertNil(memo.file(key: ["object", "2"], suffix: "o") { _ in false })
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
            [(first as NSString).lastPathComponent, (first as NSString).lastPathComponent + ".key"])
    }

    /// A second `lesson` of this user neither asks the driver for its commands nor compiles the native
    /// support again: a `swiftc` that logs its first argument is asked once (`-###`) by two isolated checks,
    /// and the memo keeps the commands and the program's library list.
    func testASecondProcessAsksTheDriverNothing() throws {
        let log = folder + "/started.log"
        let swiftc = try TestSupport.loggingSwiftc(in: folder, log: log)
        for _ in 0..<2 {
            let result = try TestSupport.runLesson(
                [
                    "check", "--strategy", "isolated", "--no-cache", "--color", "never",
                    "Fixtures/check/pass/crlf-bom.md",
                ],
                environment: ["SWIFTC": swiftc, "XDG_CACHE_HOME": folder + "/cache"])
            XCTAssertEqual(result.status, 0, result.standardError)
        }
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "-###\n")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/lesson/toolchain")
        XCTAssertEqual(kept.filter { $0.hasSuffix(".o") }.count, 1, "\(kept)")
        // One entry of each kind: the driver's commands, and the library list of the program's imports.
        let kinds = try kept.filter { $0.hasSuffix(".json") }.map { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/cache/lesson/toolchain/" + name))
            return try JSONDecoder().decode(KeyOnly.self, from: data).key.first ?? ""
        }
        XCTAssertEqual(kinds.sorted(), ["driver commands", "library list"], "\(kept)")
    }

    private struct KeyOnly: Decodable {
        var key: [String]
    }
}
