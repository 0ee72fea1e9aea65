import Foundation
import XCTest

@testable import LessonKit

/// The lexer against the compiler's own parser, SwiftParser (the toolchain ships it under
/// `usr/lib/swift/host` for macros): `Fixtures/lexer/oracle/main.swift` is built with `swiftc` and reports
/// every comment and every string and regex literal of each block of the corpus; the lexer must find the
/// same ranges, byte for byte, in every block but those listed below, each with why.
///
/// The corpus is every Swift block of The Swift Programming Language (`Fixtures/lexer/tspl-blocks.jsonl`,
/// from `Fixtures/lexer/extract.py`) and the hard cases of `hardCases`.
final class LexerOracleTests: XCTestCase {
    /// Blocks where the lexer and the parser differ on purpose, and why (docs/lexer.md has the same list).
    static let knownDifferences: [String: String] = [
        "TSPL.docc/ReferenceManual/LexicalStructure.md:428":
            "a regex literal without `#` (`/Hello, .*/`): the parser lexes it; the compiler does so only in Swift 6 "
            + "mode or with -enable-bare-slash-regex, and the lexer never (a `/` is an operator)",
        "TSPL.docc/ReferenceManual/LexicalStructure.md:439": "the same bare-slash regex literal",
        "TSPL.docc/ReferenceManual/LexicalStructure.md:946":
            "the grammar's template of a bare-slash regex literal (`/<#regular expression#>/`)",
        "TSPL.docc/ReferenceManual/Statements.md:1286":
            "`#sourceLocation(file: <#file path#>, …)`: where the grammar wants a string literal, the parser reads "
            + "the placeholder as one; the lexer keeps it a placeholder",
    ]

    /// What the scanners this lexer replaced got wrong, and what they disagreed on.
    static let hardCases = [
        "/* outer /* inner */ still a comment */ let a = 1",
        ##"let r = #"say "total" now \(x) \#(y)"#"##,
        #"let q = #/"/#  // Prints "x""#,
        "let s = \"\"\"\nimport UIKit\n\"\"\"\n",
        #"let p = "<#name#>"; let c = (1 +"#,
        "let raw = #\"\"\"\n  \"\"\" inside\n  \"\"\"#\n// after",
        #"print("// Prints \"x\"")  // Prints "// Prints \"x\"""#,
        #"let t = "a\\" ; let u = [ ... ]  /* … */"#,
        #"let i = "\(f("\(g("deep"))"))" // c"#,
        "let m = \"\"\"\n  \\(1 + \"two\") /* not a comment */\n  \"\"\"\n",
        "#warning(\"w\") // #error\n@available(*, message: \"a\\nb\") func f() {}",
        "let url = \"http://example.com\" /* a /* b */ */ // c",
        "let x = 1 /// doc\n/** block doc */",
        ##"let e = "\u{1F600} \n"; let f = #"\#n \n"#; let g = \Point.x"##,
        "let h = \"\"\"\n  a \\\n  b\n  \"\"\"",
        "let k = 0x1F + 1e-3 // /* not a block\nlet l = a/b/c",
    ]

    func testTheLexerFindsTheCommentsAndLiteralsTheParserFinds() throws {
        let oracle = try buildOracle()
        let corpus = try String(
            contentsOfFile: TestSupport.packageRoot + "/Fixtures/lexer/tspl-blocks.jsonl", encoding: .utf8)
        var records = try corpus.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: String]
        }
        records += Self.hardCases.enumerated().map { ["source": "hard case \($0.offset + 1)", "code": $0.element] }
        XCTAssertGreaterThan(records.count, 2_000)
        let answers = try ask(oracle, about: records)
        XCTAssertEqual(answers.count, records.count)
        var differing: [String: String] = [:]
        for (record, answer) in zip(records, answers) {
            let source = LexedSource(record["code"]!)
            let tokens = source.allTokens
            let mine: [String: [[Int]]] = [
                "comments": tokens.filter(\.isComment).map { [$0.range.lowerBound, $0.range.upperBound] },
                "strings": tokens.flatMap(Self.literalText),
                "regexes": tokens.filter { if case .regex = $0.kind { true } else { false } }.map {
                    [$0.range.lowerBound, $0.range.upperBound]
                },
            ]
            for key in ["comments", "strings", "regexes"] {
                let lexer = Self.merged(mine[key]!, in: source.bytes)
                let parser = Self.merged(answer[key]!, in: source.bytes)
                if lexer != parser {
                    differing[record["source"]!, default: ""] += "\(key): lexer \(lexer), parser \(parser) "
                }
            }
        }
        XCTAssertEqual(
            Set(differing.keys), Set(Self.knownDifferences.keys),
            differing.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
    }

    /// A string literal's text and delimiters: its range without its interpolations.
    private static func literalText(_ token: SwiftToken) -> [[Int]] {
        guard token.kind == .string, let literal = token.literal else { return [] }
        var pieces: [[Int]] = []
        var start = token.range.lowerBound
        for interpolation in literal.interpolationRanges {
            pieces.append([start, interpolation.lowerBound])
            start = interpolation.upperBound
        }
        pieces.append([start, token.range.upperBound])
        return pieces
    }

    /// Ranges sorted, joined where only spaces, line breaks and backslashes stand between them, and without
    /// the spaces and line breaks at their ends: the parser leaves a multi-line string's indentation to the
    /// trivia, and a line continuation (`\` at the end of a line) to no token at all.
    private static func merged(_ ranges: [[Int]], in bytes: [UInt8]) -> [[Int]] {
        let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var result: [[Int]] = []
        for range in ranges.filter({ $0[0] < $0[1] }).sorted(by: { $0[0] < $1[0] }) {
            if let last = result.last, last[1] <= range[0],
                bytes[last[1]..<range[0]].allSatisfy({ spaces.contains($0) || $0 == UInt8(ascii: "\\") })
            {
                result[result.count - 1][1] = max(last[1], range[1])
            } else {
                result.append(range)
            }
        }
        return result.compactMap { range in
            var (start, end) = (range[0], range[1])
            while start < end && spaces.contains(bytes[start]) { start += 1 }
            while end > start && spaces.contains(bytes[end - 1]) { end -= 1 }
            return start < end ? [start, end] : nil
        }
    }

    /// The oracle, built with the toolchain's `swiftc` against its host SwiftSyntax libraries.
    private func buildOracle() throws -> String {
        let swiftc = try TestSupport.toolchain().swiftc
        let host = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib/swift/host")
            .path
        guard FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule") else {
            throw XCTSkip("the toolchain has no SwiftParser under \(host): the lexer's oracle cannot be built")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lexer-oracle-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let executable = folder + "/oracle"
        let build = try run(
            swiftc,
            [
                TestSupport.packageRoot + "/Fixtures/lexer/oracle/main.swift", "-I", host, "-L", host, "-lSwiftSyntax",
                "-lSwiftParser", "-Xlinker", "-rpath", "-Xlinker", host, "-o", executable,
            ])
        guard build == 0 else {
            throw LessonError(.system, "the lexer's oracle did not build (swiftc exited \(build))")
        }
        return executable
    }

    private func ask(_ oracle: String, about records: [[String: String]]) throws -> [[String: [[Int]]]] {
        let folder = (oracle as NSString).deletingLastPathComponent
        let input = records.map { record -> String in
            let data = try! JSONSerialization.data(withJSONObject: ["code": record["code"]!])
            return String(decoding: data, as: UTF8.self)
        }.joined(separator: "\n")
        try input.write(toFile: folder + "/input.jsonl", atomically: true, encoding: .utf8)
        let status = try run(oracle, [folder + "/input.jsonl", folder + "/output.jsonl"])
        guard status == 0 else { throw LessonError(.system, "the lexer's oracle exited \(status)") }
        let output = try String(contentsOfFile: folder + "/output.jsonl", encoding: .utf8)
        return try output.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: [[Int]]]
        }
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
