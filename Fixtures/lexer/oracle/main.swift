// The lexer's oracle: the compiler's own parser (SwiftParser, which the toolchain ships for macros under
// usr/lib/swift/host). `oracle INPUT OUTPUT` reads JSON lines of `{"code": …}` and writes, for each, a line
// `{"comments": [[start, end], …], "strings": […], "regexes": […]}` in UTF-8 offsets: every comment of the
// trivia, and the tokens of every string and regex literal (its text and delimiters, not its interpolations'
// code), wherever the parser puts them (a fragment that does not parse keeps its tokens).
// `Tests/LessonKitTests/03-Lexing/LexerOracleTests.swift` builds it with swiftc and compares the lexer with it.
import Foundation
import SwiftParser
import SwiftSyntax

/// The ranges of the tokens that are a literal's text or delimiters: quotes, raw strings' `#`s, string
/// segments (escapes included), and a regex's slashes, `#`s and pattern. An interpolation's `\(…)` is code.
func literalTokens(of tree: SourceFileSyntax) -> (strings: [[Int]], regexes: [[Int]]) {
    var strings: [[Int]] = []
    var regexes: [[Int]] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
        let range = [
            token.positionAfterSkippingLeadingTrivia.utf8Offset, token.endPositionBeforeTrailingTrivia.utf8Offset,
        ]
        // The `#`s of a raw string's `\#(` are the interpolation's, as its backslash and parenthesis are.
        if token.parent?.is(ExpressionSegmentSyntax.self) == true { continue }
        switch token.tokenKind {
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .stringSegment:
            strings.append(range)
        case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
            regexes.append(range)
        default:
            break
        }
    }
    return (strings, regexes)
}

func comments(of tree: SourceFileSyntax) -> [[Int]] {
    var found: [[Int]] = []
    func read(_ trivia: Trivia, from start: Int) {
        var offset = start
        for piece in trivia {
            let length = piece.sourceLength.utf8Length
            switch piece {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                found.append([offset, offset + length])
            default: break
            }
            offset += length
        }
    }
    for token in tree.tokens(viewMode: .sourceAccurate) {
        read(token.leadingTrivia, from: token.position.utf8Offset)
        read(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    return found
}

let input = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
var output = ""
for line in input.split(separator: "\n") {
    let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    let tree = Parser.parse(source: record["code"] as! String)
    let literals = literalTokens(of: tree)
    let answer: [String: Any] = [
        "comments": comments(of: tree), "strings": literals.strings, "regexes": literals.regexes,
    ]
    let data = try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])
    output += String(decoding: data, as: UTF8.self) + "\n"
}
try output.write(toFile: CommandLine.arguments[2], atomically: true, encoding: .utf8)
