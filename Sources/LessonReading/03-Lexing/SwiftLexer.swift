/// Cuts Swift source into tokens as the compiler's lexer does, in one pass over its UTF-8 bytes. It is the one
/// place in the checker that knows where a comment or a string literal starts and ends: every stage that
/// reads Swift (planning a book's listings, moving declarations, elisions, output comments, a submission's
/// rules) asks it. What it recognizes, and where it differs from the compiler, is in docs/lexer.md.
package struct SwiftLexer {
    // Borrowed for the run (`lex`): a buffer is read without the reference counting that each access to an
    // array costs in a debug build, where a long line's millions of tokens make it the larger cost.
    package let bytes: UnsafeBufferPointer<UInt8>
    package let lineStarts: UnsafeBufferPointer<Int>
    package var index = 0
    /// The line of the last token: the next one is nearly always on it or the line after.
    private var lineHint = 0
    /// How many interpolations are open around `index`, and whether more were nested than the lexer reads.
    package var nesting = 0
    package var isTooDeep = false
    package static let maximumNesting = 64
    /// The string literal just read, which the token made next carries.
    package var pendingLiteral: StringLiteral?

    private init(bytes: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeBufferPointer<Int>) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The tokens of `bytes`, the offset where each line starts, and whether interpolations were nested deeper
    /// than the lexer reads.
    package static func lex(_ bytes: [UInt8]) -> (tokens: [SwiftToken], lineStarts: [Int], isTooDeep: Bool) {
        let lineStarts = [0] + ByteSearch.offsets(of: Byte.newline, in: bytes).map { $0 + 1 }
        return bytes.withUnsafeBufferPointer { bytes in
            lineStarts.withUnsafeBufferPointer { starts in
                var lexer = SwiftLexer(bytes: bytes, lineStarts: starts)
                let tokens = lexer.lexCode(until: .end).tokens
                return (tokens, lineStarts, lexer.isTooDeep)
            }
        }
    }

    /// Where `lexCode` stops: at the end of the source, or at the `)` that closes an interpolation (a
    /// single-line string's interpolation also stops at the end of its line).
    package enum Stop {
        case end
        case interpolation(singleLine: Bool)
    }

    /// The tokens from `index` to where `stop` says; whether an interpolation was closed by its `)`, which is
    /// consumed and not returned.
    package mutating func lexCode(until stop: Stop) -> (tokens: [SwiftToken], closed: Bool) {
        var tokens: [SwiftToken] = []
        var parentheses = 0
        while index < bytes.count {
            if case .interpolation(let singleLine) = stop {
                if bytes[index] == Byte.closeParenthesis && parentheses == 0 {
                    index += 1
                    return (tokens, true)
                }
                if singleLine && bytes[index] == Byte.newline { return (tokens, false) }
            }
            guard let token = nextToken() else { continue }
            if token.kind == .open && bytes[token.range.lowerBound] == Byte.openParenthesis { parentheses += 1 }
            if token.kind == .close && bytes[token.range.lowerBound] == Byte.closeParenthesis { parentheses -= 1 }
            tokens.append(token)
        }
        return (tokens, false)
    }

    /// The token at `index`, which it moves past; nil for spaces and tabs, which it skips.
    private mutating func nextToken() -> SwiftToken? {
        let start = index
        let byte = bytes[index]
        let kind: SwiftToken.Kind
        switch byte {
        case Byte.newline:
            index += 1
            kind = .newline
        case Byte.carriageReturn where at(1) == Byte.newline:
            index += 2
            kind = .newline
        case Byte.space, Byte.tab, Byte.carriageReturn, 0x0B, 0x0C, 0x00:
            index += 1
            return nil
        case Byte.slash where at(1) == Byte.slash:
            while index < bytes.count && bytes[index] != Byte.newline && !startsCRLF(index) { index += 1 }
            kind = .lineComment
        case Byte.slash where at(1) == Byte.star:
            kind = .blockComment(terminated: skipBlockComment())
        case Byte.quote:
            pendingLiteral = lexString()
            kind = .string
        case Byte.hash:
            kind = lexAfterHash()
        case Byte.at where startsIdentifier(index + 1):
            index += 1
            skipIdentifier()
            kind = .attribute
        case Byte.backtick:
            kind = lexBacktickedIdentifier()
        case Byte.openParenthesis, Byte.openBracket, Byte.openBrace:
            index += 1
            kind = .open
        case Byte.closeParenthesis, Byte.closeBracket, Byte.closeBrace:
            index += 1
            kind = .close
        case Byte.less where at(1) == Byte.hash && skipsPlaceholder():
            kind = .placeholder
        case 0x30...0x39:
            skipNumber()
            kind = .number
        default:
            kind = lexWordOrOperator()
        }
        return token(kind, from: start)
    }

    /// A name, an operator, or a character of punctuation.
    private mutating func lexWordOrOperator() -> SwiftToken.Kind {
        let start = index
        if startsIdentifier(index) {
            skipIdentifier()
            return .identifier
        }
        if bytes[index] == Byte.dot {
            index += 1
            guard index < bytes.count, bytes[index] == Byte.dot else { return .punctuation }
            skipOperator(dots: true)
            return .operator
        }
        if SwiftCharacters.isOperatorHead(scalar(at: index).value) {
            skipOperator(dots: false)
            return .operator
        }
        index = start + scalarLength(at: start)
        return .punctuation
    }

    package mutating func token(_ kind: SwiftToken.Kind, from start: Int) -> SwiftToken {
        defer { pendingLiteral = nil }
        return SwiftToken(
            kind: kind, range: start..<index, line: line(of: start), lastLine: line(of: max(start, index - 1)),
            literal: kind == .string ? pendingLiteral : nil)
    }

    /// The 0-based line of a UTF-8 offset.
    package mutating func line(of offset: Int) -> Int {
        if lineStarts[lineHint] <= offset {
            let next = lineHint + 1
            if next == lineStarts.count || offset < lineStarts[next] { return lineHint }
            if next + 1 == lineStarts.count || offset < lineStarts[next + 1] {
                lineHint = next
                return next
            }
        }
        var (low, high) = (0, lineStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        lineHint = low
        return low
    }

    /// The byte `offset` places after `index`, or nil past the end.
    package func at(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    package func startsCRLF(_ offset: Int) -> Bool {
        bytes[offset] == Byte.carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == Byte.newline
    }

    /// How many `#` start at `offset`.
    package func hashes(at offset: Int) -> Int {
        var end = offset
        while end < bytes.count && bytes[end] == Byte.hash { end += 1 }
        return end - offset
    }
}

/// The bytes the lexer compares with. Computed, not stored: a stored static is reached through a call that
/// checks its initialization, at every comparison of every byte in a debug build.
package enum Byte {
    package static var newline: UInt8 { 0x0A }  // "\n"
    package static var carriageReturn: UInt8 { 0x0D }  // "\r"
    package static var space: UInt8 { 0x20 }  // " "
    package static var tab: UInt8 { 0x09 }  // "\t"
    package static var slash: UInt8 { 0x2F }  // "/"
    package static var star: UInt8 { 0x2A }  // "*"
    package static var quote: UInt8 { 0x22 }  // "\""
    package static var hash: UInt8 { 0x23 }  // "#"
    package static var at: UInt8 { 0x40 }  // "@"
    package static var backslash: UInt8 { 0x5C }  // "\\"
    package static var backtick: UInt8 { 0x60 }  // "`"
    package static var dot: UInt8 { 0x2E }  // "."
    package static var less: UInt8 { 0x3C }  // "<"
    package static var greater: UInt8 { 0x3E }  // ">"
    package static var openParenthesis: UInt8 { 0x28 }  // "("
    package static var closeParenthesis: UInt8 { 0x29 }  // ")"
    package static var openBracket: UInt8 { 0x5B }  // "["
    package static var closeBracket: UInt8 { 0x5D }  // "]"
    package static var openBrace: UInt8 { 0x7B }  // "{"
    package static var closeBrace: UInt8 { 0x7D }  // "}"
}
