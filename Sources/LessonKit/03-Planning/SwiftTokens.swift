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
    /// The names the source binds for a scope of its own, at any depth: constants and variables (`if let`,
    /// `case let (x, y)` and tuples included), functions and types declared inside others, parameters,
    /// closure parameters and loop variables. A book's listing that uses such a name needs no earlier
    /// listing for it.
    private(set) var locallyBoundNames: Set<String> = []
    /// Whether the source declares an operator's function (`func + (a: V, b: V) -> V`, `func ~=`), which only
    /// the file's top level or a type may hold.
    private(set) var declaresOperatorFunction = false
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
        var condition = false  // after `if`, `while`, `case`… at the top level: `let` binds for the body alone
        var annotation = false  // in a top-level binding's type, after its `:` and before its `=`
        var angles = 0  // `<` open in that type (`Dictionary<String, Int>`)
        var bindsNext = false  // the next word, or the words of the next parentheses, are bound
        var bindsInCondition = false  // that binding is an `if let`/`guard let`/`while let`
        var boundParentheses: Int?  // the depth of the parentheses whose words are bound (`let (a, b)`)
        var parameters: Int?  // the depth of a parameter list; its words before a `:` are bound
        var beforeColon = false  // in a parameter list, before the `:` of the current parameter
        var expectsParameters = false  // after `func`, `init` or `subscript`, until its `(`
        var head: BinderHead?  // the words of a closure's or a loop's head, which an `in` binds
        var braces: [Bool] = []  // the braces open, each true when it is a type's body (its members bind nothing)
        var typeBodyNext = false  // after `struct`, `class`, `enum`, `extension`, `actor`, `protocol`
        var conditionDepth: Int?  // the depth of an open `if`, `guard` or `while` condition
        var conditionName: String?  // `if let NAME`: bound by `= …`; shorthand (`if let NAME {`), a use
        var topLevelUses: Set<String> = []  // names used outside every brace, where no local binding reaches
        var previous: Unicode.Scalar = " "  // the last character handled that is no word's
        var characters = Array(source.unicodeScalars)[...]
        while let character = characters.first {
            if let name = conditionName, character != " " && character != "\t" {
                // `if let x = x`: the name is bound (and the `x` after `=` a use); `if let x {`: a use.
                if character == "=" && characters.dropFirst().first != "=" {
                    locallyBoundNames.insert(name)
                } else if braces.isEmpty {
                    topLevelUses.insert(name)
                }
                conditionName = nil
            }
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
                if declaring && depth == 0 && character == "(" && !condition { tupleDepth = 1 }
                if depth == 0 { extensionBody = inExtension && character == "{" }
                if depth == 0 && character == "{" { condition = false }
                if character == "(" && bindsNext && boundParentheses == nil { boundParentheses = depth + 1 }
                if character == "(" && expectsParameters && parameters == nil {
                    (parameters, beforeColon, expectsParameters) = (depth + 1, true, false)
                }
                if character == "(", head?.base == depth { head?.beforeColon = true }
                if character == "{" {
                    expectsParameters = false
                    if conditionDepth == depth { conditionDepth = nil }
                    braces.append(typeBodyNext)
                    typeBodyNext = false
                    head = BinderHead(base: depth + 1, closure: true)
                }
                bindsNext = false
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
                if let bound = boundParentheses, depth < bound { boundParentheses = nil }
                if let list = parameters, depth < list { parameters = nil }
                if let base = head?.base, depth < base { head = nil }
                if character == "}" { _ = braces.popLast() }
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
                // A member of a type binds nothing: `struct User { var name … }` leaves a global `name` needed.
                let member = braces.last == true && (bindsNext || boundParentheses != nil)
                let binds = !afterDot && !member && (bindsNext || boundParentheses != nil)
                if binds && bindsInCondition && bindsNext {
                    conditionName = word
                } else if (binds || (parameters == depth && beforeColon)) && !afterDot {
                    locallyBoundNames.insert(word)
                } else if word == "in", let open = head, open.base == depth {
                    locallyBoundNames.formUnion(open.names)
                    head = nil
                } else if !afterDot, var open = head, open.takes(word, depth: depth, innermost: opened.last) {
                    open.names.append(word)
                    head = open
                } else if braces.isEmpty && !afterDot && !member {
                    topLevelUses.insert(word)
                }
                bindsInCondition = conditionDepth == depth && (word == "let" || word == "var")
                bindsNext = !afterDot && Self.bindingWords.contains(word)
                if !afterDot && ["func", "init", "subscript"].contains(word) { expectsParameters = true }
                if !afterDot && Self.typeWords.contains(word) { typeBodyNext = true }
                if word == "for" && !afterDot { head = BinderHead(base: depth, closure: false) }
                if !afterDot && ["if", "guard", "while"].contains(word) { conditionDepth = depth }
                if depth == 0 && ["if", "while", "case", "for", "catch", "switch"].contains(word) { condition = true }
                if depth == 0 && word == "guard" { condition = false }
                afterDot = false
                if (declaring && depth == 0 && !condition) || tupleDepth != nil { topLevelDeclaredNames.append(word) }
                if extending { topLevelExtendedNames.append(word) }
                extending = depth == 0 && word == "extension"
                let introducesBinding = depth == 0 && (word == "let" || word == "var") && !condition
                declaring = depth == 0 && Self.declaringWords.contains(word)
                if introducesBinding { (binding, annotation, angles) = (true, false, 0) }
                continue
            } else {
                if depth == 0 && (character == "\n" || character == ";") { binding = false }
                if character == "\n" {
                    head = nil
                    if depth == 0 { condition = false }
                    if conditionDepth == depth { conditionDepth = nil }
                }
                if parameters == depth && character == ":" { beforeColon = false }
                if parameters == depth && character == "," { beforeColon = true }
                if let base = head?.base, depth == base + 1, opened.last == "(" {
                    if character == ":" { head?.beforeColon = false }
                    if character == "," { head?.beforeColon = true }
                }
                if character == ">" && previous == "-", head?.base == depth { head?.afterArrow = true }
                if depth == 0 && binding && character == ":" { annotation = true }
                if depth == 0 && binding && character == "=" { (annotation, angles) = (false, 0) }
                if depth == 0 && annotation && character == "<" { angles += 1 }
                if depth == 0 && annotation && character == ">" && angles > 0 && previous != "-" { angles -= 1 }
                // `let a = 1, b = 2`: a comma at the top level of a binding declares the next name too; one
                // inside a generic type's brackets (`Dictionary<String, Int>`) does not.
                if depth == 0 && binding && character == "," && angles == 0 {
                    characters.removeFirst()
                    (declaring, annotation) = (true, false)
                    continue
                }
                characters.removeFirst()
            }
            if !(character == " " || character == "\t" || (character == "(" && tupleDepth != nil)) { declaring = false }
            if !(character == " " || character == "\t") {
                if bindsNext && words.last == "func" && !["(", "<", "`"].contains(character) {
                    declaresOperatorFunction = true
                }
                bindsNext = false
            }
            previous = character
            if !(character == " " || character == "\t" || character == "\n") {
                afterDot = character == "."
                extending = false
            }
        }
        if depth != 0 { isSelfContained = false }
        // A name used where no local binding reaches is the global's (`func greet(name:)` then `greet(name:
        // name)`), and one declared at the top level is the source's own.
        locallyBoundNames.subtract(topLevelDeclaredNames)
        locallyBoundNames.subtract(topLevelUses)
    }

    /// The head of a closure (`{ [weak self] (a: Int, b) -> Int in`) or of a loop (`for (i, x) in`): the
    /// names an `in` after it binds. A closure's are the words before its `->`, outside its capture list,
    /// and in its parentheses only those before a `:`; a loop's are all of its pattern's.
    private struct BinderHead {
        var base: Int
        var closure: Bool
        var names: [String] = []
        var afterArrow = false
        var beforeColon = true

        func takes(_ word: String, depth: Int, innermost: Unicode.Scalar?) -> Bool {
            guard closure else { return depth >= base }
            if afterArrow || innermost == "[" { return false }
            return depth == base || (depth == base + 1 && innermost == "(" && beforeColon)
        }
    }

    /// The words that declare a type, whose braces hold its members.
    static let typeWords: Set<String> = ["struct", "class", "enum", "extension", "actor", "protocol"]

    /// The words after which a name is bound, at any depth.
    static let bindingWords: Set<String> = [
        "let", "var", "func", "class", "struct", "enum", "actor", "protocol", "typealias", "for",
    ]

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
