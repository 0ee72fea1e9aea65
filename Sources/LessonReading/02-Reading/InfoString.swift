/// One attribute after the language in a fence's info string: `name`, `name=value` or `name="quoted value"`.
package struct BlockAttribute: Hashable, Sendable {
    package var name: String
    package var value: String?

    package init(name: String, value: String? = nil) {
        self.name = name
        self.value = value
    }
}

/// The info string of a fenced block: its first word is the language, the attributes follow, separated by
/// spaces or commas (```` ```swift ignore="needs UIKit", points=2 ````). Backslash escapes and character
/// references are decoded as CommonMark says, in each word once the words are found, so that a quoted
/// value may hold `\"`.
package struct InfoString: Hashable, Sendable {
    /// The info string decoded as CommonMark decodes it.
    package var raw: String
    package var language: String
    package var attributes: [BlockAttribute]
    /// What could not be read, e.g. a quote that is never closed.
    package var problems: [String]

    /// Reads an info string as written in the file (after the fence, trimmed).
    package init(_ written: String) {
        raw = CommonMarkEscapes.decoded(written)
        var tokens = InfoStringTokenizer(written)
        language = tokens.next()?.name ?? ""
        var attributes: [BlockAttribute] = []
        var problems: [String] = []
        while let token = tokens.next() {
            // No tool writes more than a handful; past this many the rest is bad input, not read, and said.
            guard attributes.count < Self.maximumAttributes else {
                problems.append("more than \(Self.maximumAttributes) attributes; the rest is not read")
                break
            }
            // Another tool's option and its value, as SwiftFormat writes them (`--indent 2`): one attribute.
            if let last = attributes.indices.last, attributes[last].name.hasPrefix("--"),
                attributes[last].value == nil, token.value == nil, !token.name.hasPrefix("--")
            {
                attributes[last].value = token.name
                continue
            }
            attributes.append(token)
        }
        self.attributes = attributes
        self.problems = tokens.problems + problems
    }

    /// The most attributes read from one info string.
    package static let maximumAttributes = 256

    package func attribute(_ name: String) -> BlockAttribute? {
        attributes.first { $0.name == name }
    }

    package func has(_ name: String) -> Bool { attribute(name) != nil }

    /// Whether the block is Swift: the language in any case (`swift`, `Swift`, `SWIFT`), as GitHub's
    /// highlighter reads it; CommonMark leaves the info string to the application.
    package var isSwift: Bool { language.lowercased() == "swift" }

    /// Whether the language is `output`, in any case: an expected block with attributes.
    package var isOutput: Bool { language.lowercased() == "output" }
}

/// Splits an info string into `name[=value]` tokens; a value may be double-quoted, with `\"` and `\\` inside.
/// Each name and value is decoded once it is found. It reads UTF-8 bytes: every character it looks for is
/// ASCII, and no byte of a multi-byte character is one, so a line of megabytes is read in one pass.
private struct InfoStringTokenizer {
    private let bytes: [UInt8]
    private var position = 0
    package private(set) var problems: [String] = []

    package init(_ text: String) { bytes = Array(text.utf8) }

    private static let backslash = UInt8(ascii: "\\")
    private static let quote = UInt8(ascii: "\"")
    private static let equals = UInt8(ascii: "=")

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",")
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    package mutating func next() -> BlockAttribute? {
        while position < bytes.count && Self.isSeparator(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        let start = position
        while position < bytes.count && !Self.isSeparator(bytes[position]) && bytes[position] != Self.equals {
            skipCharacter()
        }
        let name = text(start..<position)
        guard position < bytes.count && bytes[position] == Self.equals else {
            return BlockAttribute(name: CommonMarkEscapes.decoded(name))
        }
        position += 1
        return BlockAttribute(
            name: CommonMarkEscapes.decoded(name), value: CommonMarkEscapes.decoded(readValue(of: name)))
    }

    private static let closingBracket: [UInt8: UInt8] = [
        UInt8(ascii: "["): UInt8(ascii: "]"), UInt8(ascii: "{"): UInt8(ascii: "}"),
    ]

    /// A value in brackets, as DocC writes line lists (`highlight=[1, 3]`): spaces and commas inside belong to
    /// it, up to the bracket that closes the first, nested brackets included.
    private mutating func readBracketed(closedBy close: UInt8, of name: String) -> String {
        let open = bytes[position]
        let start = position
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == open { depth += 1 }
            if byte == close { depth -= 1 }
            skipCharacter()
            if depth == 0 { return text(start..<position) }
        }
        problems.append(
            "the '\(Character(Unicode.Scalar(open)))' of '\(CommonMarkEscapes.decoded(name))' is never closed")
        return text(start..<position)
    }

    /// Moves past the next byte, or past a backslash and the byte it escapes.
    private mutating func skipCharacter() {
        if bytes[position] == Self.backslash && position + 1 < bytes.count { position += 1 }
        position += 1
    }

    private mutating func readValue(of name: String) -> String {
        if position < bytes.count, let close = Self.closingBracket[bytes[position]] {
            return readBracketed(closedBy: close, of: name)
        }
        guard position < bytes.count && bytes[position] == Self.quote else {
            let start = position
            while position < bytes.count && !Self.isSeparator(bytes[position]) { skipCharacter() }
            return text(start..<position)
        }
        position += 1
        let start = position
        while position < bytes.count {
            if bytes[position] == Self.quote {
                position += 1
                return text(start..<(position - 1))
            }
            skipCharacter()
        }
        problems.append("the quoted value of '\(CommonMarkEscapes.decoded(name))' is never closed")
        return text(start..<position)
    }
}
