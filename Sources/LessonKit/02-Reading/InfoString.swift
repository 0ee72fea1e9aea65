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
        while let token = tokens.next() {
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
        problems = tokens.problems
    }

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
/// Each name and value is decoded once it is found.
private struct InfoStringTokenizer {
    private var characters: [Character]
    private var position = 0
    private(set) var problems: [String] = []

    init(_ text: String) { characters = Array(text) }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == ","
    }

    mutating func next() -> BlockAttribute? {
        while position < characters.count && Self.isSeparator(characters[position]) { position += 1 }
        guard position < characters.count else { return nil }
        var name = ""
        while position < characters.count && !Self.isSeparator(characters[position]) && characters[position] != "=" {
            takeCharacter(into: &name)
        }
        guard position < characters.count && characters[position] == "=" else {
            return BlockAttribute(name: CommonMarkEscapes.decoded(name))
        }
        position += 1
        return BlockAttribute(
            name: CommonMarkEscapes.decoded(name), value: CommonMarkEscapes.decoded(readValue(of: name)))
    }

    private static let closingBracket: [Character: Character] = ["[": "]", "{": "}"]

    /// A value in brackets, as DocC writes line lists (`highlight=[1, 3]`): spaces and commas inside belong to
    /// it, up to the bracket that closes the first, nested brackets included.
    private mutating func readBracketed(closedBy close: Character, of name: String) -> String {
        let open = characters[position]
        var value = ""
        var depth = 0
        while position < characters.count {
            let character = characters[position]
            if character == open { depth += 1 }
            if character == close { depth -= 1 }
            takeCharacter(into: &value)
            if depth == 0 { return value }
        }
        problems.append("the '\(open)' of '\(CommonMarkEscapes.decoded(name))' is never closed")
        return value
    }

    /// Appends the next character, or a backslash and the character it escapes, as written.
    private mutating func takeCharacter(into text: inout String) {
        text.append(characters[position])
        if characters[position] == "\\" && position + 1 < characters.count {
            position += 1
            text.append(characters[position])
        }
        position += 1
    }

    private mutating func readValue(of name: String) -> String {
        var value = ""
        if position < characters.count, let close = Self.closingBracket[characters[position]] {
            return readBracketed(closedBy: close, of: name)
        }
        guard position < characters.count && characters[position] == "\"" else {
            while position < characters.count && !Self.isSeparator(characters[position]) { takeCharacter(into: &value) }
            return value
        }
        position += 1
        while position < characters.count {
            if characters[position] == "\"" {
                position += 1
                return value
            }
            takeCharacter(into: &value)
        }
        problems.append("the quoted value of '\(CommonMarkEscapes.decoded(name))' is never closed")
        return value
    }
}
