/// Decides whether a scenario may be compiled merged with others, its top-level code wrapped in a function.
///
/// Wrapping changes what some programs print or whether they build: a type declared in a function prints
/// with a local-context name, `deinit` and `weak` references run at other times once locals replace globals,
/// `await` needs an async context, `#function` names the wrapper, and a top-level name that shadows an engine
/// declaration is a redeclaration error only at the top level. Such scenarios are built alone, as are those
/// marked `standalone` and every scenario of a Swift 6 lesson (its top-level code is main-actor isolated).
/// The scan is deliberately cautious: a word it cannot place makes the scenario standalone, never merged.
package enum MergeEligibility {
    /// Words whose presence makes a scenario standalone.
    static let standaloneWords: Set<String> = [
        "class", "struct", "enum", "actor", "protocol", "extension", "typealias", "operator", "precedencegroup",
        "import", "deinit", "weak", "unowned", "await", "async", "#function", "@main", "#if",
        // `return` is an error at the top level of main.swift but not inside a function.
        "return",
    ]

    /// Why `scenario` must be built alone, or nil when it may be merged.
    package static func reasonToBuildAlone(
        scenario: String, engineSources: [String], standalone: Bool, languageMode: LanguageMode
    )
        -> BuildAloneReason?
    {
        if standalone { return .markedStandalone }
        if languageMode != .swift5 { return .languageMode(languageMode) }
        let scenarioTokens = SwiftTokens(scenario)
        if !scenarioTokens.isSelfContained { return .notSelfContained }
        if let word = scenarioTokens.words.first(where: standaloneWords.contains) { return .usesWord(word) }
        let engineNames = Set(engineSources.flatMap { SwiftTokens($0).topLevelDeclaredNames })
        if let name = scenarioTokens.topLevelDeclaredNames.first(where: engineNames.contains) {
            return .shadowsEngineName(name)
        }
        return nil
    }
}

/// A rough Swift tokenizer: the words of a source (identifiers, keywords, `#`/`@` directives and attributes)
/// outside comments and string literals, the names declared at the top level, and whether the source closes
/// what it opens.
struct SwiftTokens {
    private(set) var words: [String] = []
    private(set) var topLevelDeclaredNames: [String] = []
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
                if !Self.skipString(&characters) { isSelfContained = false }
            } else if character == "{" || character == "(" || character == "[" {
                if declaring && depth == 0 && character == "(" { tupleDepth = 1 }
                depth += 1
                opened.append(character)
                characters.removeFirst()
            } else if character == "}" || character == ")" || character == "]" {
                depth -= 1
                if opened.popLast().map(Self.closing) != character { isSelfContained = false }
                if depth == 0 { tupleDepth = nil }
                characters.removeFirst()
            } else if Self.startsWord(character) {
                var word = String(character)
                characters.removeFirst()
                while let next = characters.first, Self.continuesWord(next) {
                    word.unicodeScalars.append(next)
                    characters.removeFirst()
                }
                words.append(word)
                if (declaring && depth == 0) || tupleDepth != nil { topLevelDeclaredNames.append(word) }
                let introducesBinding = depth == 0 && (word == "let" || word == "var")
                declaring = depth == 0 && ["let", "var", "func", "class", "struct", "enum", "actor"].contains(word)
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
        }
        if depth != 0 { isSelfContained = false }
    }

    private static func closing(_ bracket: Unicode.Scalar) -> Unicode.Scalar {
        bracket == "{" ? "}" : bracket == "(" ? ")" : "]"
    }

    private static func startsWord(_ character: Unicode.Scalar) -> Bool {
        character == "_" || character == "#" || character == "@" || character.properties.isAlphabetic
    }

    private static func continuesWord(_ character: Unicode.Scalar) -> Bool {
        character == "_" || character.properties.isAlphabetic || character.properties.numericType != nil
    }

    /// Skips a string literal (single-line, multi-line or with interpolation, roughly); false when a
    /// multi-line literal does not end.
    private static func skipString(_ characters: inout ArraySlice<Unicode.Scalar>) -> Bool {
        let multiline = characters.starts(with: ["\"", "\"", "\""])
        characters = characters.dropFirst(multiline ? 3 : 1)
        while let character = characters.first {
            if character == "\\" {
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
}
