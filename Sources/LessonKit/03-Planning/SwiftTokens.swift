/// A rough Swift tokenizer: the words of a source (identifiers, keywords, `#`/`@` directives and attributes)
/// outside comments and string literals, the names declared at the top level, and whether the source closes
/// what it opens.
struct SwiftTokens {
    private(set) var words: [String] = []
    private(set) var topLevelDeclaredNames: [String] = []
    /// The words not written after a `.`: names the source uses (and keywords), not members it reaches.
    private(set) var unqualifiedWords: [String] = []
    /// The words outside every bracket.
    private(set) var topLevelWords: [String] = []
    /// The words written after a `.`: members the source reaches (`3.repetitions`).
    private(set) var qualifiedWords: [String] = []
    /// The members declared right inside a top-level extension (`extension Int { var squared … }`).
    private(set) var extensionMemberNames: [String] = []
    /// The types the source extends at the top level (`extension Point`).
    private(set) var topLevelExtendedNames: [String] = []
    /// Whether every bracket, block comment and string the source opens closes within it, and it closes
    /// none it did not open. A wrapped scenario that does not could close its wrapper early and leave code
    /// at the top level of the merged program's `main.swift`, where it would run for every scenario.
    private(set) var isSelfContained = true

    init(_ source: String) {
        var depth = 0
        var declaring = false  // the next word is a declared name
        var binding = false  // inside `let`/`var` at the top level, until the end of the line
        var tupleDepth: Int?  // inside `let (a, b)`: every word is a declared name
        var opened: [Unicode.Scalar] = []  // the brackets open, innermost last
        var afterDot = false  // the last character that is not a space was a `.`
        var extending = false  // the next word is an extended type
        var inExtension = false  // a top-level `extension` was the last declaration
        var extensionBody = false  // inside the braces of a top-level extension
        var declaringMember = false  // the next word is a member the extension declares
        var characters = Array(source.unicodeScalars)[...]
        while let character = characters.first {
            if character == "/" && characters.dropFirst().first == "/" {
                while let next = characters.first, next != "\n" { characters.removeFirst() }
            } else if character == "/" && characters.dropFirst().first == "*" {
                characters.removeFirst(2)
                while !characters.isEmpty && !(characters.first == "*" && characters.dropFirst().first == "/") {
                    characters.removeFirst()
                }
                if characters.isEmpty { isSelfContained = false }
                characters = characters.dropFirst(2)
            } else if character == "\"" {
                var interpolations: [String] = []
                if !Self.skipString(&characters, interpolations: &interpolations) { isSelfContained = false }
                for interpolation in interpolations {
                    let inner = SwiftTokens(interpolation)
                    words += inner.words
                    unqualifiedWords += inner.unqualifiedWords
                }
            } else if character == "{" || character == "(" || character == "[" {
                if declaring && depth == 0 && character == "(" { tupleDepth = 1 }
                if depth == 0 { extensionBody = inExtension && character == "{" }
                depth += 1
                opened.append(character)
                characters.removeFirst()
            } else if character == "}" || character == ")" || character == "]" {
                depth -= 1
                if opened.popLast().map(Self.closing) != character { isSelfContained = false }
                if depth == 0 {
                    tupleDepth = nil
                    if extensionBody { (extensionBody, inExtension) = (false, false) }
                }
                characters.removeFirst()
            } else if Self.startsWord(character) {
                var word = String(character)
                characters.removeFirst()
                while let next = characters.first, Self.continuesWord(next) {
                    word.unicodeScalars.append(next)
                    characters.removeFirst()
                }
                words.append(word)
                if afterDot { qualifiedWords.append(word) } else { unqualifiedWords.append(word) }
                if declaringMember && depth == 1 { extensionMemberNames.append(word) }
                declaringMember = extensionBody && depth == 1 && ["func", "var", "let", "case"].contains(word)
                if depth == 0 && Self.declaringWords.union(["extension"]).contains(word) {
                    inExtension = word == "extension"
                }
                if depth == 0 { topLevelWords.append(word) }
                afterDot = false
                if (declaring && depth == 0) || tupleDepth != nil { topLevelDeclaredNames.append(word) }
                if extending { topLevelExtendedNames.append(word) }
                extending = depth == 0 && word == "extension"
                let introducesBinding = depth == 0 && (word == "let" || word == "var")
                declaring = depth == 0 && Self.declaringWords.contains(word)
                if introducesBinding { binding = true }
                continue
            } else {
                if depth == 0 && (character == "\n" || character == ";") { binding = false }
                // `let a = 1, b = 2`: a comma at the top level of a binding declares the next name too.
                if depth == 0 && binding && character == "," {
                    characters.removeFirst()
                    declaring = true
                    continue
                }
                characters.removeFirst()
            }
            if !(character == " " || character == "\t" || (character == "(" && tupleDepth != nil)) { declaring = false }
            if !(character == " " || character == "\t" || character == "\n") {
                afterDot = character == "."
                extending = false
            }
        }
        if depth != 0 { isSelfContained = false }
    }

    /// The words after which a top-level name is declared.
    static let declaringWords: Set<String> = [
        "let", "var", "func", "class", "struct", "enum", "actor", "protocol", "typealias",
    ]

    private static func closing(_ bracket: Unicode.Scalar) -> Unicode.Scalar {
        bracket == "{" ? "}" : bracket == "(" ? ")" : "]"
    }

    static func startsWord(_ character: Unicode.Scalar) -> Bool {
        character == "_" || character == "#" || character == "@" || character.properties.isAlphabetic
    }

    static func continuesWord(_ character: Unicode.Scalar) -> Bool {
        character == "_" || character.properties.isAlphabetic || character.properties.numericType != nil
    }

    /// Skips a string literal (single-line, multi-line or with interpolation, roughly), adding the source of
    /// each interpolation (`\(score)`) to `interpolations`; false when a multi-line literal does not end.
    static func skipString(
        _ characters: inout ArraySlice<Unicode.Scalar>, interpolations: inout [String]
    ) -> Bool {
        let multiline = characters.starts(with: ["\"", "\"", "\""])
        characters = characters.dropFirst(multiline ? 3 : 1)
        while let character = characters.first {
            if character == "\\" && characters.dropFirst().first == "(" {
                characters = characters.dropFirst(2)
                interpolations.append(skipInterpolation(&characters, interpolations: &interpolations))
            } else if character == "\\" {
                characters = characters.dropFirst(2)
            } else if multiline && characters.starts(with: ["\"", "\"", "\""]) {
                characters = characters.dropFirst(3)
                return true
            } else if !multiline && (character == "\"" || character == "\n") {
                characters.removeFirst()
                return true
            } else {
                characters.removeFirst()
            }
        }
        return !multiline
    }

    /// The source of an interpolation, up to the `)` that closes it (which is skipped); strings inside it
    /// are skipped whole.
    private static func skipInterpolation(
        _ characters: inout ArraySlice<Unicode.Scalar>, interpolations: inout [String]
    ) -> String {
        var source = String.UnicodeScalarView()
        var depth = 1
        while let character = characters.first, character != "\n" {
            if character == "\"" {
                let before = characters
                _ = skipString(&characters, interpolations: &interpolations)
                source.append(contentsOf: before.prefix(before.count - characters.count))
                continue
            }
            characters.removeFirst()
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { break }
            }
            source.append(character)
        }
        return String(source)
    }
}
