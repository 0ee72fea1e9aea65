/// The words of Swift's grammar every reader of a block asks about, declared once: what declares, what binds,
/// what modifies a declaration. Each reader takes the subset its question needs from here.
package enum SwiftVocabulary {
    /// Swift's keywords, from the language reference's lexical structure (declarations, statements,
    /// expressions and types, patterns, and the contextual keywords), with those of later language versions.
    package static let keywords: Set<String> = [
        // Declarations.
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements.
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types.
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Contextual keywords.
        "associativity", "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "package", "postfix", "precedence",
        "prefix", "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet",
        // Later versions: ownership, packs, actors, macros, isolation.
        "actor", "any", "consume", "copy", "discard", "each", "macro", "sending", "isolated", "_const", "distributed",
    ]

    /// The words that declare a type, whose braces hold its members.
    package static let typeWords: Set<String> = ["struct", "class", "enum", "extension", "actor", "protocol"]

    /// The words after which a name is declared (a type's, a function's, a binding's).
    package static let declaringWords: Set<String> = [
        "let", "var", "func", "class", "struct", "enum", "actor", "protocol", "typealias",
    ]

    /// The words after which a name is bound, at any depth: the declaring words and a loop's `for`.
    package static let bindingWords: Set<String> = declaringWords.union(["for"])

    /// The kinds an import may name before its path (`import struct Foundation.Date`).
    package static let importKinds: Set<String> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "var", "let",
    ]

    /// The access levels.
    package static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]

    /// The words that may stand before a declaration's keyword (besides its attributes): access levels and
    /// the other declaration modifiers.
    package static let declarationModifiers: Set<String> = accessLevels.union([
        "final", "indirect", "static", "lazy", "nonisolated", "isolated", "mutating", "nonmutating",
        "override", "convenience", "required", "dynamic", "optional", "weak", "unowned", "prefix", "postfix",
        "infix", "consuming", "borrowing", "distributed",
    ])

    /// The words that begin an accessor's body (`var total: Int { get { … } set { … } }`).
    package static let accessorWords: Set<String> = ["get", "set", "willSet", "didSet"]
}
