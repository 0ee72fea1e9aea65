import Foundation
import XCTest

@testable import LessonKit

/// The grader reads a student's file as the student could: one open without following links, then
/// `fstat` on what was opened. Each case is a way a student with write access to their folder (a shared
/// machine, a mounted home) would make the grader, as root, read a file only root may read.
final class SubmissionReadingTests: XCTestCase {
    private var folder = ""
    private var secret = ""
    private let secretText = "the instructor's reference solution\n"

    override func setUpWithError() throws {
        let base = NSTemporaryDirectory() + "submission-reading-\(UUID().uuidString.prefix(8))"
        folder = base + "/student"
        secret = base + "/secret.swift"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(secretText.utf8).write(to: URL(fileURLWithPath: secret))
        chmod(secret, 0o600)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }

    private func exercise() throws -> Exercise {
        let path = TestSupport.packageRoot + "/Fixtures/grading/scenario-exercise.md"
        return try Exercise.find("tree-count", in: LessonPlanner.plan(Lesson.read(path: path)))
    }

    private func refusal(_ path: String) throws -> String? {
        do {
            _ = try SubmissionFile.read(path, of: try exercise(), maximum: 1 << 20)
            return nil
        } catch let error as LessonError {
            return error.studentReason?.english
        }
    }

    func testAHardLinkIsRefused() throws {
        XCTAssertEqual(link(secret, folder + "/main.swift"), 0)
        XCTAssertEqual(
            try refusal(folder),
            "main.swift has 2 links: a submission must be a file of its own, not a hard link")
        XCTAssertEqual(
            try refusal(folder + "/main.swift"),
            "main.swift has 2 links: a submission must be a file of its own, not a hard link")
    }

    func testASymbolicLinkIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/main.swift", withDestinationPath: secret)
        XCTAssertEqual(try refusal(folder), "main.swift is a symbolic link: a submission must be a regular file")
        XCTAssertEqual(
            try refusal(folder + "/main.swift"), "main.swift is a symbolic link: a submission must be a regular file")
    }

    func testAFolderThatIsALinkIsRefused() throws {
        let elsewhere = (folder as NSString).deletingLastPathComponent + "/elsewhere"
        try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: folder)
        try Data("print(1)\n".utf8).write(to: URL(fileURLWithPath: folder + "/main.swift"))
        XCTAssertEqual(try refusal(elsewhere), "elsewhere is a symbolic link: a submission must be a regular file")
    }

    func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        XCTAssertEqual(mkfifo(folder + "/main.swift", 0o644), 0)
        XCTAssertEqual(try refusal(folder), "main.swift is not a regular file")
    }

    func testAFileOnlyAnotherUserMayReadIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "changing a file's owner needs root")
        // The student owns the folder; the file was moved in from where only root may read it.
        let file = folder + "/main.swift"
        try Data("print(1)\n".utf8).write(to: URL(fileURLWithPath: file))
        chown(folder, 54_321, 54_321)
        chmod(file, 0o600)
        XCTAssertEqual(try refusal(folder), "main.swift belongs to another user, who alone may read it")
        // Named as a file, not as its folder, it is refused for the same reason.
        XCTAssertEqual(try refusal(file), "main.swift belongs to another user, who alone may read it")
        // Readable by everyone, it is read whoever owns it, whichever way it is named.
        chmod(file, 0o644)
        XCTAssertNil(try refusal(folder))
        XCTAssertNil(try refusal(file))
    }

    func testANameThatIsNotUTF8IsReadAndShownEscaped() throws {
        let name = Array("caf".utf8) + [0xE9] + Array(".swift".utf8)
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(write(descriptor, "print(1)\n", 9), 9)
        close(descriptor)
        let read = try SubmissionFile.read(folder, of: try exercise(), maximum: 1 << 20)
        XCTAssertEqual(read.name, folder + "/caf\\xE9.swift")
        XCTAssertEqual(read.text, "print(1)\n")
    }

    /// The student swaps their file and a link to the secret, over and over, while the grader reads: a
    /// check by name followed by a read by name reads the secret some of the time.
    func testASwapDuringTheReadNeverReadsTheLinkedFile() throws {
        guard let exchange = RenameExchange.function else { throw XCTSkip("this C library has no renameat2") }
        let file = folder + "/main.swift"
        let link = folder + "/swap.swift"
        try Data("print(1)\n".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: secret)
        let stop = Atomic()
        let swapper = Thread {
            while !stop.isSet { _ = exchange(AT_FDCWD, file, AT_FDCWD, link, 2) }
        }
        swapper.start()
        defer { stop.set() }
        let exercise = try exercise()
        var read = 0
        var refused = 0
        for _ in 0..<2_000 {
            // With two .swift files, main.swift is the one read; when it is the link, it is refused.
            if let text = try? SubmissionFile.read(folder, of: exercise, maximum: 1 << 20).text {
                XCTAssertEqual(text, "print(1)\n")
                if text != "print(1)\n" { break }
                read += 1
            } else {
                refused += 1
            }
        }
        // Both happened: the swap is really raced against the reads.
        XCTAssertGreaterThan(read, 0)
        XCTAssertGreaterThan(refused, 0)
        XCTAssertEqual(read + refused, 2_000)
    }
}

/// `renameat2`, which Swift's Glibc module does not import.
private enum RenameExchange {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    static let function: Function? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}

/// A flag one thread sets and another reads.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
