/// Cuts Swift source into tokens as the compiler's lexer does, in one pass over its UTF-8 bytes. It is the one
/// place in the checker that knows where a comment or a string literal starts and ends: every stage that
/// reads Swift (planning a book's listings, moving declarations, elisions, output comments, a submission's
/// rules) asks it. What it recognizes, and where it differs from the compiler, is in docs/lexer.md.
struct SwiftLexer {
    let bytes: [UInt8]
    let lineStarts: [Int]
    var index = 0
    /// How many interpolations are open around `index`, and whether more were nested than the lexer reads.
    var nesting = 0
    var isTooDeep = false
    static let maximumNesting = 64
    /// The string literal just read, which the token made next carries.
    var pendingLiteral: StringLiteral?

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = [0] + ByteSearch.offsets(of: Byte.newline, in: bytes).map { $0 + 1 }
    }

    /// Where `lexCode` stops: at the end of the source, or at the `)` that closes an interpolation (a
    /// single-line string's interpolation also stops at the end of its line).
    enum Stop {
        case end
        case interpolation(singleLine: Bool)
    }

    /// The tokens from `index` to where `stop` says; whether an interpolation was closed by its `)`, which is
    /// consumed and not returned.
    mutating func lexCode(until stop: Stop) -> (tokens: [SwiftToken], closed: Bool) {
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

    mutating func token(_ kind: SwiftToken.Kind, from start: Int) -> SwiftToken {
        defer { pendingLiteral = nil }
        return SwiftToken(
            kind: kind, range: start..<index, line: line(of: start), lastLine: line(of: max(start, index - 1)),
            literal: kind == .string ? pendingLiteral : nil)
    }

    /// The 0-based line of a UTF-8 offset.
    func line(of offset: Int) -> Int {
        var (low, high) = (0, lineStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The byte `offset` places after `index`, or nil past the end.
    func at(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    func startsCRLF(_ offset: Int) -> Bool {
        bytes[offset] == Byte.carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == Byte.newline
    }

    /// How many `#` start at `offset`.
    func hashes(at offset: Int) -> Int {
        var end = offset
        while end < bytes.count && bytes[end] == Byte.hash { end += 1 }
        return end - offset
    }
}

/// The bytes the lexer compares with.
enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let at = UInt8(ascii: "@")
    static let backslash = UInt8(ascii: "\\")
    static let backtick = UInt8(ascii: "`")
    static let dot = UInt8(ascii: ".")
    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
}
