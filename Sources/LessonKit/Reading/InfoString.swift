/// One attribute after the language in a fence's info string: `name`, `name=value` or `name="quoted value"`.
public struct BlockAttribute: Hashable, Sendable {
    public var name: String
    public var value: String?

    public init(name: String, value: String? = nil) {
        self.name = name
        self.value = value
    }
}

/// The info string of a fenced block: its first word is the language, the attributes follow, separated by
/// spaces or commas (```` ```swift ignore="needs UIKit", points=2 ````).
public struct InfoString: Hashable, Sendable {
    public var raw: String
    public var language: String
    public var attributes: [BlockAttribute]
    /// What could not be read, e.g. a quote that is never closed.
    public var problems: [String]

    public init(_ raw: String) {
        self.raw = raw
        var tokens = InfoStringTokenizer(raw)
        language = tokens.next()?.name ?? ""
        var attributes: [BlockAttribute] = []
        while let token = tokens.next() { attributes.append(token) }
        self.attributes = attributes
        problems = tokens.problems
    }

    public func attribute(_ name: String) -> BlockAttribute? {
        attributes.first { $0.name == name }
    }

    public func has(_ name: String) -> Bool { attribute(name) != nil }
}

/// Splits an info string into `name[=value]` tokens; a value may be double-quoted, with `\"` and `\\` inside.
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
            name.append(characters[position])
            position += 1
        }
        guard position < characters.count && characters[position] == "=" else {
            return BlockAttribute(name: name)
        }
        position += 1
        return BlockAttribute(name: name, value: readValue(of: name))
    }

    private mutating func readValue(of name: String) -> String {
        var value = ""
        guard position < characters.count && characters[position] == "\"" else {
            while position < characters.count && !Self.isSeparator(characters[position]) {
                value.append(characters[position])
                position += 1
            }
            return value
        }
        position += 1
        while position < characters.count {
            let character = characters[position]
            position += 1
            if character == "\"" { return value }
            if character == "\\" && position < characters.count {
                value.append(characters[position])
                position += 1
            } else {
                value.append(character)
            }
        }
        problems.append("the quoted value of '\(name)' is never closed")
        return value
    }
}
