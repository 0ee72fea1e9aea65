import Foundation
import XCTest

@testable import LessonKit

/// No function in `Sources` is longer than 60 lines, from its declaration's first line to its closing
/// brace: a longer one does several things, and each should have a name.
final class FunctionLengthTests: XCTestCase {
    static let limit = 60

    func testNoFunctionInSourcesIsLongerThanTheLimit() throws {
        let root = TestSupport.packageRoot + "/Sources"
        var long: [String] = []
        var counted = 0
        for relative in FileManager.default.subpaths(atPath: root) ?? [] {
            let path = root + "/" + relative
            guard relative.hasSuffix(".swift") || relative.hasSuffix(".c") else { continue }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let functions = relative.hasSuffix(".swift") ? FunctionSpans.swift(text) : FunctionSpans.c(text)
            counted += functions.count
            for function in functions where function.lines > Self.limit {
                long.append("Sources/\(relative):\(function.line): \(function.name) is \(function.lines) lines")
            }
        }
        XCTAssertGreaterThan(counted, 1_000, "the functions of Sources are found")
        XCTAssertEqual(long.sorted(), [], "functions over \(Self.limit) lines")
    }

    /// The spans themselves: a body's lines are counted from the declaration, nested functions apart, and a
    /// requirement without a body, or a brace in a string or a comment, counts nothing.
    func testSpansAreMeasuredFromTheDeclarationToItsBrace() {
        let source = """
            protocol P {
                func required() -> Int
                var value: Int { get }
            }
            struct S {
                init(x: Int = { 1 }()) {
                    print("}")
                }
                func outer() -> some Equatable {
                    func inner() { /* } */ }
                    return 1
                }
            }
            """
        XCTAssertEqual(
            FunctionSpans.swift(source).map { "\($0.name) \($0.line) \($0.lines)" },
            ["init 6 3", "outer 9 4", "inner 10 1"])
        XCTAssertEqual(
            FunctionSpans.c("int g(void);\nstatic int f(int a,\n    int b) {\n    return a;\n}\n").map(\.lines), [4])
    }
}

/// Where the functions of a source file start and end.
enum FunctionSpans {
    struct Span {
        var name: String
        /// The 1-based line of the declaration, and how many lines it spans to its closing brace.
        var line: Int
        var lines: Int
    }

    /// Each `func`, `init`, `deinit` and `subscript` with a body, read through the lexer.
    static func swift(_ text: String) -> [Span] {
        let source = LexedSource(text)
        let tokens = source.tokens.filter(\.isCode)
        let declarations: Set<String> = ["func", "init", "deinit", "subscript"]
        var spans: [Span] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let word = source.text(of: token)
            guard declarations.contains(word), index == 0 || !source.token(tokens[index - 1], is: ".") else { continue }
            guard let body = bodyStart(after: index, in: tokens, of: source),
                let end = matchingClose(of: body, in: tokens)
            else { continue }
            let name = word == "func" && index + 1 < tokens.count ? source.text(of: tokens[index + 1]) : word
            spans.append(Span(name: name, line: token.line + 1, lines: tokens[end].line - token.line + 1))
        }
        return spans
    }

    /// The index of the `{` that opens the body of the declaration at `index`; nil for one without a body
    /// (a protocol's requirement), which the next member or the end of its scope follows.
    private static func bodyStart(after index: Int, in tokens: [SwiftToken], of source: LexedSource) -> Int? {
        let members: Set<String> = ["func", "var", "let", "init", "subscript", "case", "static", "typealias", "deinit"]
        var depth = 0
        for next in (index + 1)..<tokens.count {
            let token = tokens[next]
            if depth == 0 && source.token(token, is: "{") { return next }
            if depth == 0 && token.kind == .identifier && members.contains(source.text(of: token)) { return nil }
            if token.kind == .open { depth += 1 }
            if token.kind == .close {
                if depth == 0 { return nil }
                depth -= 1
            }
        }
        return nil
    }

    private static func matchingClose(of open: Int, in tokens: [SwiftToken]) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].kind == .open { depth += 1 }
            if tokens[index].kind == .close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// Each C function, as this project writes them: a header that starts at the start of a line, holds a
    /// `(`, and ends with the body's `{` (on that line or a later one), then a `}` at the start of a line.
    static func c(_ text: String) -> [Span] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var spans: [Span] = []
        var header: Int?
        for (index, line) in lines.enumerated() {
            if header == nil, let first = line.first, first.isLetter, line.contains("("), !line.hasSuffix(";") {
                header = index
            }
            if let start = header, line.hasPrefix("}") {
                spans.append(Span(name: lines[start], line: start + 1, lines: index - start + 1))
                header = nil
            }
        }
        return spans
    }
}
