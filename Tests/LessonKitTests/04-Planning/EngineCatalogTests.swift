import Foundation
import XCTest

@testable import LessonKit

/// The canonical engines travel inside the checker, byte for byte, and `--engines` adds to them.
final class EngineCatalogTests: XCTestCase {
    func testBuiltInEnginesAreTheSourceFilesByteForByte() throws {
        XCTAssertEqual(EngineCatalog.builtIn.names, ["Invalidation", "Sync"])
        for name in ["Invalidation", "Sync"] {
            let source = try String(
                contentsOfFile: TestSupport.packageRoot + "/Sources/Engines/\(name)/\(name).swift", encoding: .utf8)
            let file = try XCTUnwrap(EngineCatalog.builtIn[name]?.file(named: "\(name).swift"))
            XCTAssertEqual(Array(file.contents.utf8), Array(source.utf8))
            XCTAssertEqual(file.path, "engines/\(name)/\(name).swift")
            XCTAssertTrue(file.contents.hasPrefix("// \(name).swift — "))
        }
    }

    func testEnginesFolderAddsAndReplacesEngines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engines-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (engine, text) in [("Sync", "// Sync.swift — replaced\n"), ("Queue", "// Queue.swift — new\n")] {
            let directory = folder.appendingPathComponent(engine)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appendingPathComponent("\(engine).swift"))
        }
        let catalog = try EngineCatalog.builtIn.adding(directory: folder.path)
        XCTAssertEqual(catalog.names, ["Invalidation", "Queue", "Sync"])
        XCTAssertEqual(catalog["Sync"]?.files.map(\.contents), ["// Sync.swift — replaced\n"])
        XCTAssertEqual(catalog["Sync"]?.files.first?.path, folder.path + "/Sync/Sync.swift")
    }

    func testEnginesFolderWithoutEnginesIsAnError() {
        XCTAssertThrowsError(try EngineCatalog.builtIn.adding(directory: TestSupport.packageRoot + "/Fixtures/check")) {
            XCTAssertEqual(
                "\($0)",
                "--engines: \(TestSupport.packageRoot)/Fixtures/check holds no engine (expected <Name>/<File>.swift)")
        }
        XCTAssertThrowsError(try EngineCatalog.builtIn.adding(directory: "/no/such/folder"))
    }
}
