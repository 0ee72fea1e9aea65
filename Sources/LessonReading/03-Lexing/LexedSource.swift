/// Swift source and its tokens, cut once: what every reader of Swift in the checker asks instead of scanning
/// characters itself.
package final class LexedSource: Sendable {
    package let text: String
    package let bytes: [UInt8]
    /// The tokens outside string literals, in order; those of an interpolation are in its literal's token.
    package let tokens: [SwiftToken]
    /// The UTF-8 offset where each line starts (line 0 at 0).
    package let lineStarts: [Int]
    /// Whether string interpolations were nested deeper than the lexer reads (`SwiftLexer.maximumNesting`):
    /// the rest of the source is then not lexed.
    package let isTooDeep: Bool

    package init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        (tokens, lineStarts, isTooDeep) = SwiftLexer.lex(bytes)
    }

    package var lineCount: Int { lineStarts.count }

    /// The text after the `//` of a line that is only a line comment (spaces before it aside), or nil.
    package static func lineCommentText(_ line: String) -> Substring? {
        let source = LexedSource(line)
        guard source.tokens.count == 1, let comment = source.tokens.first, comment.kind == .lineComment else {
            return nil
        }
        return Substring(String(decoding: source.bytes[(comment.range.lowerBound + 2)...], as: UTF8.self))
    }

    /// The token's text as written.
    package func text(of token: SwiftToken) -> String {
        String(decoding: bytes[token.range], as: UTF8.self)
    }

    /// Whether the token's text is `expected`, without making a String of it.
    package func token(_ token: SwiftToken, is expected: String) -> Bool {
        bytes[token.range].elementsEqual(expected.utf8)
    }

    /// The tokens on `line`: those that start, end or run on it (found by bisection: tokens are in order).
    package func tokens(touching line: Int) -> ArraySlice<SwiftToken> {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].lastLine < line { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < tokens.count, tokens[end].line <= line { end += 1 }
        return tokens[low..<end]
    }

    /// The UTF-8 offset of the token's start in its line.
    package func column(of token: SwiftToken) -> Int { token.range.lowerBound - lineStarts[token.line] }

    /// Every token, those of interpolations included, in the order of their starts: a string literal comes
    /// before the tokens of its interpolations.
    package var allTokens: [SwiftToken] {
        var result: [SwiftToken] = []
        result.reserveCapacity(tokens.count)
        func add(_ tokens: [SwiftToken]) {
            for token in tokens {
                result.append(token)
                token.literal?.interpolations.forEach(add)
            }
        }
        add(tokens)
        return result
    }

    /// Whether every bracket opened is closed by the bracket that matches it, none is closed that was not
    /// opened, and every literal and comment ends: what a wrapped program needs so that it cannot close its
    /// wrapper early.
    package var isSelfContained: Bool {
        // The tokens in `allTokens`' order, walked without making that list (a copy of every token).
        var open: [UInt8] = []
        let bytes = bytes
        func closesWhatItOpens(_ tokens: [SwiftToken]) -> Bool {
            for token in tokens {
                guard token.isTerminated else { return false }
                if token.kind == .open { open.append(bytes[token.range.lowerBound]) }
                if token.kind == .close {
                    guard let opener = open.popLast(), Self.closing(opener) == bytes[token.range.lowerBound] else {
                        return false
                    }
                }
                for interpolation in token.literal?.interpolations ?? [] where !closesWhatItOpens(interpolation) {
                    return false
                }
            }
            return true
        }
        return closesWhatItOpens(tokens) && open.isEmpty
    }

    private static func closing(_ opener: UInt8) -> UInt8 {
        opener == Byte.openParenthesis
            ? Byte.closeParenthesis : opener == Byte.openBracket ? Byte.closeBracket : Byte.closeBrace
    }
}
