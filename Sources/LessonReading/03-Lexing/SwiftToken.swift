/// One token of Swift source, as the compiler's lexer would cut it, with its exact place: a range of UTF-8
/// offsets into the source and the lines it starts and ends on. Comments and line breaks are tokens too, so
/// that a reader can ask where a comment is as easily as where a name is; spaces and tabs are not.
package struct SwiftToken: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// A name or a keyword (`let`, `count`, `` `default` ``, `$0`).
        case identifier
        /// `#` and a name: a directive or a literal of the compiler (`#if`, `#sourceLocation`, `#line`).
        case poundKeyword
        /// `@` and a name (`@available`, `@MainActor`).
        case attribute
        case number
        /// A string literal; what the lexer knows of it besides its range is the token's `literal`.
        case string
        /// A regex literal with extended delimiters (`#/a+/#`, and the multi-line form).
        case regex(terminated: Bool)
        /// `//` to the end of its line (`///` included).
        case lineComment
        /// `/* … */`, nested comments inside it included (`/** */` too).
        case blockComment(terminated: Bool)
        /// An Xcode placeholder, `<#name#>`, closed on its line.
        case placeholder
        /// `(`, `[` or `{`.
        case open
        /// `)`, `]` or `}`.
        case close
        /// A run of operator characters (`=`, `==`, `->`, `?`, `...`, `…`, `..<`), as the compiler cuts it.
        case `operator`
        /// `,`, `;`, `:`, a lone `.`, `\`, a lone `#` or `@`, and any character Swift does not know.
        case punctuation
        /// `\n` (or `\r\n`).
        case newline
    }

    /// A kind whose payload is at most a flag (a literal's facts are `literal`): tokens are many, and copied
    /// and compared often.
    package let kind: Kind
    /// The UTF-8 offsets of the token in its source.
    package var range: Range<Int> { Int(start)..<Int(end) }
    /// The 0-based line it starts on, and the one it ends on (later for a multi-line literal or comment).
    package var line: Int { Int(firstLine) }
    package var lastLine: Int { Int(endLine) }
    /// A string literal's hashes, interpolations and ends; nil for any other token.
    package var literal: StringLiteral? { stored?.literal }

    // Kept in 32 bits (a lesson file is far smaller than 4 GiB), and a literal boxed, so that a token that is
    // not a string literal (most are) takes 32 bytes: a long line holds millions of them.
    private let start: UInt32
    private let end: UInt32
    private let firstLine: UInt32
    private let endLine: UInt32
    private let stored: LiteralBox?

    package init(kind: Kind, range: Range<Int>, line: Int, lastLine: Int, literal: StringLiteral? = nil) {
        self.kind = kind
        start = UInt32(truncatingIfNeeded: range.lowerBound)
        end = UInt32(truncatingIfNeeded: range.upperBound)
        firstLine = UInt32(truncatingIfNeeded: line)
        endLine = UInt32(truncatingIfNeeded: lastLine)
        stored = literal.map(LiteralBox.init)
    }

    package var isComment: Bool {
        switch kind {
        case .lineComment, .blockComment: true
        default: false
        }
    }

    /// A token that is neither a comment nor a line break.
    package var isCode: Bool { !isComment && kind != .newline }

    package var isString: Bool {
        if case .string = kind { return true }
        return false
    }

    /// Whether the literal or comment it is ends where it should: false for `"abc` at the end of its line,
    /// a `"""` never closed, or a `/*` never closed.
    package var isTerminated: Bool {
        switch kind {
        case .string: literal?.isTerminated ?? true
        case .regex(let terminated), .blockComment(let terminated): terminated
        default: true
        }
    }
}

/// What the lexer knows of a string literal besides its range.
package struct StringLiteral: Hashable, Sendable {
    /// The `#`s of a raw string (`#"…"#` has 1).
    package var hashes: Int
    package var isMultiline: Bool
    package var isTerminated: Bool
    /// The code of each interpolation, `\( … )`, in order: its tokens, without the parentheses.
    package var interpolations: [[SwiftToken]]
    /// Where each interpolation is, from its backslash to its closing parenthesis (or to where it stops, when
    /// none closes it).
    package var interpolationRanges: [Range<Int>] = []
    /// Whether an escape in the literal breaks a line when printed (`\n`, `\r`, or any `\u{…}`, which may).
    package var escapesLineBreak: Bool
}

/// A string literal's facts, kept by reference by the token that is that literal.
private final class LiteralBox: Hashable, Sendable {
    package let literal: StringLiteral

    package init(_ literal: StringLiteral) { self.literal = literal }

    package static func == (left: LiteralBox, right: LiteralBox) -> Bool { left.literal == right.literal }
    package func hash(into hasher: inout Hasher) { hasher.combine(literal) }
}
