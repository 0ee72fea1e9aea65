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

    /// The words that declare a nominal type: a type's words but `extension` (and not `typealias`, which may
    /// name another module's type).
    package static let nominalTypeWords: Set<String> = typeWords.subtracting(["extension"])

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

    /// The literals whose value is a place in the source file: its line, column and file.
    package static let sourceLocationWords: Set<String> = ["#line", "#column", "#file", "#fileID", "#filePath"]

    /// The `#` words that evaluate to a place in the source or its function: the source location's, the
    /// enclosing function's name, the shared object's handle.
    package static let placeWords: Set<String> = sourceLocationWords.union(["#function", "#dsohandle"])

    /// The words of lifetimes: what runs or changes when an object is released.
    package static let lifetimeWords: Set<String> = ["deinit", "weak", "unowned"]

    /// The words of Swift's concurrency: its keywords and attributes, and the names of its library's types and
    /// functions (and Dispatch's and the Synchronization module's) a program uses it by.
    package static let concurrencyWords: Set<String> = [
        "actor", "async", "await", "Task", "TaskGroup", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "Sendable", "@Sendable", "sending", "nonisolated", "isolated", "@isolated",
        "@MainActor", "MainActor", "@globalActor", "@preconcurrency", "@concurrent", "@TaskLocal", "Thread",
        "DispatchQueue", "Dispatch", "AsyncStream", "AsyncThrowingStream", "Mutex", "Atomic",
    ]

    /// The names the compiler looks up itself, unwritten, for a literal's type (`IntegerLiteralType`, what
    /// `let n = 1` is): a top-level declaration of one changes what every literal of the module means.
    package static let literalTypeNames: Set<String> = [
        "IntegerLiteralType", "FloatLiteralType", "BooleanLiteralType", "StringLiteralType", "UnicodeScalarType",
        "ExtendedGraphemeClusterType", "_ColorLiteralType", "_ImageLiteralType", "_FileReferenceLiteralType",
        "_MaxBuiltinIntegerType", "_MaxBuiltinFloatType",
    ]

    /// The names of what finds a type, a class or a function by its name as the program runs, or reads the
    /// program's own stack: what one program finds there depends on what else the executable holds, and on
    /// what calls its code.
    package static let runtimeLookupWords: Set<String> = [
        "_typeByName", "_typeByMangledName", "NSClassFromString", "NSProtocolFromString", "NSSelectorFromString",
        "NSKeyedUnarchiver", "NSKeyedArchiver", "NSCoder", "NSCoding", "NSSecureCoding", "NSUnarchiver",
        "classNamed", "dlsym", "dlopen", "callStackSymbols", "callStackReturnAddresses", "backtrace", "Backtrace",
    ]

    /// Attributes and directives that need the Objective-C runtime.
    package static let objectiveCWords: Set<String> = [
        "@objc", "@objcMembers", "@IBOutlet", "@IBAction", "@IBDesignable", "@IBInspectable", "@NSManaged",
        "@NSCopying", "#selector", "#keyPath",
    ]
}
