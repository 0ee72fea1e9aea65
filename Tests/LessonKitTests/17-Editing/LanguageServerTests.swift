import Foundation
import XCTest

@testable import LessonKit

/// `lesson lsp` on its own: the framing, UTF-16 positions, what a lesson's findings become, the code action
/// that accepts the actual output, and input no client should send.
final class LanguageServerTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try TestSupport.temporaryFolder("lsp") }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testFramesArriveInAnyPiecesAndABadHeaderIsSkipped() {
        let first = LSPFrameReader.frame(Data(#"{"a":"ş"}"#.utf8))
        let second = LSPFrameReader.frame(Data("{}".utf8))
        var reader = LSPFrameReader()
        var frames: [LSPFrameReader.Frame] = []
        for byte in first { frames += reader.append([byte]) }
        XCTAssertEqual(frames, [.message(Data(#"{"a":"ş"}"#.utf8))])
        frames = reader.append(Data("Content-Type: x\r\n\r\n".utf8) + second + second)
        XCTAssertEqual(
            frames,
            [
                .problem("a message header without a valid Content-Length: Content-Type: x"),
                .message(Data("{}".utf8)), .message(Data("{}".utf8)),
            ])
        XCTAssertEqual(reader.append(Data("Content-Length: 99999999999\r\n\r\n".utf8)).count, 1)
    }

    /// A stream that never ends a header is read in linear time and bounded memory: 4 MiB in 4 KiB pieces,
    /// each position searched about once, at most `maximumHeader` bytes held, one problem said, and a frame
    /// after it read.
    func testAStreamWithoutAHeaderEndCostsLinearTimeAndBoundedMemory() {
        var reader = LSPFrameReader()
        var frames: [LSPFrameReader.Frame] = []
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        for _ in 0..<1024 {
            frames += reader.append(piece)
            XCTAssertLessThanOrEqual(reader.pendingBytes, LSPFrameReader.maximumHeader + piece.count)
        }
        XCTAssertEqual(frames, [.problem("8192 bytes without the empty line that ends a message header")])
        XCTAssertLessThanOrEqual(reader.positionsSearched, 1024 * 4096)
        frames = reader.append(Data("\r\n".utf8) + LSPFrameReader.frame(Data("{}".utf8)))
        XCTAssertEqual(frames.last, .message(Data("{}".utf8)))
        // Many frames in one piece: each found once, in order.
        var many = LSPFrameReader()
        let hundred = many.append(Data((0..<100).map { _ in LSPFrameReader.frame(Data("{}".utf8)) }.joined()))
        XCTAssertEqual(hundred.count, 100)
        XCTAssertLessThanOrEqual(many.positionsSearched, 100 * 24)
    }

    /// Columns are UTF-16 units: `ş` and `ü` are one unit each but two bytes, an emoji two units.
    func testPositionsAreUTF16Units() {
        XCTAssertEqual(LSPPosition.offset(ofColumn: 1, in: "let ş = 1"), 0)
        XCTAssertEqual(LSPPosition.offset(ofColumn: 9, in: "let ş = 1"), 7)  // the UTF-8 column of `=` is 8 + 1
        XCTAssertEqual(LSPPosition.offset(ofColumn: 6, in: "\u{1F600}x = ü"), 3)
        XCTAssertEqual(LSPPosition.length(of: "Xin chào \u{1F600}"), 11)
    }

    /// A wrong expected line is an error at that line, the whole line in UTF-16 units; the scenario's lens
    /// and a hover say what it printed; the code action's edit holds the file as `--update` would write it;
    /// a save after it clears the diagnostics.
    func testAWrongLineIsADiagnosticAndItsCodeActionAcceptsTheOutput() throws {
        let path = folder + "/ders.md"
        try Data(Self.lesson.utf8).write(to: URL(fileURLWithPath: path))
        let uri = URL(fileURLWithPath: path).absoluteString
        let client = InProcessClient()
        let server = LessonLanguageServer(checker: try Self.checker(), send: client.receive)
        _ = server.handle(Self.message(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]))
        _ = server.handle(Self.didOpen(uri, Self.lesson))
        server.waitForChecks()
        let diagnostics = try XCTUnwrap(client.diagnostics(of: uri))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics[0]["code"] as? String, "output-mismatch")
        XCTAssertEqual(diagnostics[0]["severity"] as? Int, 1)
        let range = try XCTUnwrap(diagnostics[0]["range"] as? [String: [String: Int]])
        XCTAssertEqual(range["start"], ["line": 9, "character": 0])
        XCTAssertEqual(range["end"], ["line": 9, "character": 8])  // `bir: çok`: 9 bytes, 8 UTF-16 units
        // The lens above the scenario says how its last check went; a hover on its expected block shows
        // what it printed.
        _ = server.handle(Self.request(id: 3, "textDocument/codeLens", ["textDocument": ["uri": uri]]))
        let lenses = try XCTUnwrap(client.result(of: 3) as? [[String: Any]])
        XCTAssertEqual(
            lenses.map { ($0["command"] as? [String: Any])?["title"] as? String },
            ["✗ sayar: expected output differs at line 1 of 2"])
        XCTAssertEqual(
            (lenses[0]["range"] as? [String: [String: Int]])?["start"], ["line": 2, "character": 0])
        let position = ["line": 9, "character": 2]
        _ = server.handle(
            Self.request(id: 4, "textDocument/hover", ["textDocument": ["uri": uri], "position": position]))
        let hover = try XCTUnwrap((client.result(of: 4) as? [String: Any])?["contents"] as? [String: String])
        XCTAssertEqual(hover, ["kind": "markdown", "value": "**sayar** printed:\n\n```\nbir: 1\niki: 2\n```"])
        _ = server.handle(
            Self.request(
                id: 5, "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]]))
        XCTAssertTrue(client.result(of: 5) is NSNull)
        _ = server.handle(Self.codeAction(uri, id: 2))
        let actions = try XCTUnwrap(client.result(of: 2) as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["title"] as? String }, ["Accept the actual output (expected output)"])
        let edit = try XCTUnwrap((actions[0]["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        let newText = try XCTUnwrap(edit[uri]?.first?["newText"] as? String)
        XCTAssertEqual(newText, Self.lesson.replacingOccurrences(of: "bir: çok\n", with: "bir: 1\n"))
        // The client applies the edit and saves.
        try Data(newText.utf8).write(to: URL(fileURLWithPath: path))
        _ = server.handle(
            Self.message([
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": newText]]],
            ]))
        _ = server.handle(
            Self.message(["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]])
        )
        server.waitForChecks()
        XCTAssertEqual(client.diagnostics(of: uri)?.count, 0)
        XCTAssertFalse(server.handle(Self.message(["jsonrpc": "2.0", "method": "exit"])))
    }

    /// A lens runs its own block again, as `lesson check PATH:LINE` does: the other scenario does not run (what
    /// it printed, a random number, stays as it was), and its finding stays in the diagnostics.
    func testALensChecksItsOwnBlockAlone() throws {
        let path = folder + "/ders.md"
        let lesson = """
            ```swift
            // main.swift — ilk, her çalışmada başka bir sayı
            print(UInt64.random(in: 0...UInt64.max))
            ```

            ```
            0
            ```

            ```swift
            // main.swift — ikinci
            print("iki")
            ```

            ```
            üç
            ```

            """
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: path))
        let uri = URL(fileURLWithPath: path).absoluteString
        let client = InProcessClient()
        let server = LessonLanguageServer(checker: try Self.checker(), send: client.receive)
        var id = 1
        func send(_ method: String, _ params: [String: Any]) -> Any? {
            id += 1
            _ = server.handle(Self.request(id: id, method, params))
            server.waitForChecks()
            return client.result(of: id)
        }
        func printedByTheFirst() -> String? {
            let hover = send(
                "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 2, "character": 0]])
            return ((hover as? [String: Any])?["contents"] as? [String: String])?["value"]
        }
        _ = server.handle(Self.didOpen(uri, lesson))
        server.waitForChecks()
        XCTAssertEqual(client.diagnostics(of: uri)?.count, 2)
        let lenses = try XCTUnwrap(send("textDocument/codeLens", ["textDocument": ["uri": uri]]) as? [[String: Any]])
        let commands = lenses.compactMap { $0["command"] as? [String: Any] }
        XCTAssertEqual(commands.map { ($0["arguments"] as? [Any])?.last as? Int }, [1, 10])
        let first = try XCTUnwrap(printedByTheFirst())
        // The second scenario's lens: the first is not run again, and both findings stay.
        _ = send("workspace/executeCommand", ["command": "lesson.check", "arguments": [uri, 10]])
        XCTAssertEqual(printedByTheFirst(), first)
        XCTAssertEqual(client.diagnostics(of: uri)?.count, 2)
        // The first's lens runs it again.
        _ = send("workspace/executeCommand", ["command": "lesson.check", "arguments": [uri, 1]])
        XCTAssertNotEqual(printedByTheFirst(), first)
        XCTAssertEqual(client.diagnostics(of: uri)?.count, 2)
    }

    /// With a baseline, a failed check offers "Add to baseline"; once the edit is applied and saved, the next
    /// check reports the known error as a note.
    func testAFailedCheckCanBeAddedToTheBaselineAndIsThenANote() throws {
        let path = folder + "/ders.md"
        let baselinePath = folder + "/lesson-baseline.json"
        try Data(Self.lesson.utf8).write(to: URL(fileURLWithPath: path))
        try Baseline(entries: []).write(to: baselinePath)
        let uri = URL(fileURLWithPath: path).absoluteString
        let client = InProcessClient()
        let server = LessonLanguageServer(checker: try Self.checker(), baseline: baselinePath, send: client.receive)
        _ = server.handle(Self.didOpen(uri, Self.lesson))
        server.waitForChecks()
        XCTAssertEqual(client.diagnostics(of: uri)?.map { $0["severity"] as? Int }, [1])
        _ = server.handle(Self.codeAction(uri, id: 2))
        let actions = try XCTUnwrap(client.result(of: 2) as? [[String: Any]])
        XCTAssertEqual(
            actions.map { $0["title"] as? String },
            ["Accept the actual output (expected output)", "Add to baseline (sayar)"])
        let changes = try XCTUnwrap((actions[1]["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        let baselineURI = URL(fileURLWithPath: baselinePath).absoluteString
        XCTAssertEqual(Array(changes.keys), [baselineURI])
        let newText = try XCTUnwrap(changes[baselineURI]?.first?["newText"] as? String)
        try Data(newText.utf8).write(to: URL(fileURLWithPath: baselinePath))
        XCTAssertEqual(try Baseline.read(path: baselinePath).entries.map(\.file), ["ders.md"])
        _ = server.handle(
            Self.message(["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]])
        )
        server.waitForChecks()
        let diagnostics = try XCTUnwrap(client.diagnostics(of: uri))
        XCTAssertEqual(diagnostics.map { $0["severity"] as? Int }, [3])
        XCTAssertEqual(
            (diagnostics[0]["message"] as? String)?.split(separator: "\n").first,
            "baselined: expected output differs at line 1 of 2")
    }

    /// A thousand messages no client should send (bytes cut, flipped or added to real ones): each gets an
    /// answer or is ignored, and the server still answers a real request after them.
    func testAThousandMalformedMessagesNeverStopTheServer() throws {
        let client = InProcessClient()
        let server = LessonLanguageServer(checker: try Self.checker(), send: client.receive)
        let samples = [
            Self.message(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]]),
            Self.codeAction("file:///nowhere.md", id: 2),
            Self.message(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": ["contentChanges": []]]),
            Data(#"{"jsonrpc":"2.0","id":[1],"method":7,"params":"x"}"#.utf8),
        ]
        var generator = SplitMix(seed: 43)
        var reader = LSPFrameReader()
        for index in 0..<1_000 {
            var bytes = [UInt8](samples[index % samples.count])
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.removeSubrange(position...)
                default: bytes.insert(contentsOf: Array("\"}]{[,:\\".utf8).shuffled(using: &generator), at: position)
                }
            }
            // Some frames claim a wrong length: the reader then waits, or reads into the next frame.
            let claimed = index % 7 == 0 ? bytes.count + 3 : bytes.count
            for frame in reader.append(Data("Content-Length: \(claimed)\r\n\r\n".utf8) + bytes) {
                if case .message(let body) = frame, !server.handle(body) { return XCTFail("case \(index) ended it") }
            }
        }
        _ = reader.append(Data("\r\n\r\n".utf8))
        _ = server.handle(Self.message(["jsonrpc": "2.0", "id": 9999, "method": "shutdown"]))
        XCTAssertNotNil(client.response(of: 9999))
    }

    // MARK: - Helpers

    static let lesson = """
        # Ders

        ```swift
        // main.swift — sayar
        print("bir: 1")
        print("iki: 2")
        ```

        ```
        bir: çok
        iki: 2
        ```

        """

    static func checker() throws -> LessonChecker {
        var options = TestSupport.fixtureOptions
        options.cacheDirectory = nil
        return LessonChecker(options: options, toolchain: try TestSupport.toolchain())
    }

    static func message(_ object: [String: Any]) -> Data {
        try! JSONSerialization.data(withJSONObject: object)
    }

    static func request(id: Int, _ method: String, _ params: [String: Any]) -> Data {
        message(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    static func didOpen(_ uri: String, _ text: String) -> Data {
        message([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]],
        ])
    }

    static func codeAction(_ uri: String, id: Int) -> Data {
        let range = ["start": ["line": 0, "character": 0], "end": ["line": 40, "character": 0]]
        return message([
            "jsonrpc": "2.0", "id": id, "method": "textDocument/codeAction",
            "params": ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]],
        ])
    }
}

/// What the server sent, as JSON objects.
final class InProcessClient: @unchecked Sendable {
    private let lock = NSLock()
    private var reader = LSPFrameReader()
    private var messages: [[String: Any]] = []

    var receive: @Sendable (Data) -> Void { { [self] data in lock.withLock { take(data) } } }

    private func take(_ data: Data) {
        for case .message(let body) in reader.append(data) {
            if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] { messages.append(object) }
        }
    }

    /// The last diagnostics published for `uri`.
    func diagnostics(of uri: String) -> [[String: Any]]? {
        lock.withLock {
            messages.last {
                $0["method"] as? String == "textDocument/publishDiagnostics"
                    && ($0["params"] as? [String: Any])?["uri"] as? String == uri
            }.flatMap { ($0["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] }
        }
    }

    func response(of id: Int) -> [String: Any]? {
        lock.withLock { messages.last { ($0["id"] as? Int) == id } }
    }

    func result(of id: Int) -> Any? { response(of: id)?["result"] }
}
