/// The extensions of a shared engine base's rest (`SharedEngineBase`), and whether the base could reach what
/// they declare without naming it. Alone, the base sees the whole engine; combined, the rest is
/// `fileprivate` in another file. An extension's members are then beyond the base's reach only when:
/// - the extended type is one the rest declares, a concrete type of the standard library (whose
///   conformances are settled in its own module; not a protocol, whose extension could give a base type a
///   requirement's implementation), or a struct or a `final` class the base declares without a
///   conformance, an attribute or a generic parameter (a conformance could take a rest's member as its
///   requirement's implementation, in place of a default: a `Collection`'s `count`, and so could a
///   subclass's, or an enum's unwritten `Hashable`; an attribute could make the compiler call one:
///   `@resultBuilder`'s `buildExpression`);
/// - no member is one the compiler calls by itself on any type (`appendInterpolation` for an interpolation,
///   `callAsFunction`, `build…`), nor a word of the base, nor an `init`, a `subscript`, an operator or a
///   nested type, and each declaration declares one name (the second of `static let a = 0, max = …` is not
///   read);
/// - the rest names none of the base's `private` members (a same-file extension sees them, and a private
///   overload may be the better one), and the base has no private `init` or `subscript`, which are called
///   without their names.
struct RestExtensions {
    /// The members the compiler may call by a name no source writes.
    static let implicitMembers: Set<String> = [
        "appendInterpolation", "appendLiteral", "callAsFunction", "dynamicallyCall", "makeIterator", "next",
    ]
    /// The standard library's concrete types an extension may add members to.
    static let concreteStandardTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Bool", "Array", "Dictionary", "Set", "Optional", "Range",
        "ClosedRange",
    ]
    /// The words that declare one member, the name after them.
    static let memberWords: Set<String> = ["func", "var", "let", "case"]
    /// The words of a member the base could reach unnamed, or whose name is not read.
    static let refusedMembers: Set<String> = [
        "init", "subscript", "struct", "class", "enum", "actor", "protocol", "typealias", "deinit",
    ]

    /// The types the rest extends, and the members its extensions declare.
    var extended: [String] = []
    var members: Set<String> = []
    /// Whether an extension holds what `RestExtensions` cannot keep from the base.
    var refused = false

    init(_ rest: String) {
        let lexed = LexedSource.of(rest)
        let tokens = lexed.tokens.filter(\.isCode)
        var depth = 0
        var inExtension = false
        for (index, token) in tokens.enumerated() {
            let text = lexed.text(of: token)
            switch token.kind {
            case .open: depth += 1
            case .close:
                depth -= 1
                if depth == 0 { inExtension = false }
            case .identifier where depth == 0 && text == "extension":
                inExtension = true
                guard index + 2 < tokens.count, lexed.text(of: tokens[index + 2]) != "." else {
                    refused = true  // an extension of a nested type
                    continue
                }
                extended.append(lexed.text(of: tokens[index + 1]).trimmingCharacters(in: ["`"]))
            case .identifier where inExtension && depth == 1:
                if Self.refusedMembers.contains(text) { refused = true }
                guard Self.memberWords.contains(text), index + 1 < tokens.count else { continue }
                let name = tokens[index + 1]
                if name.kind != .identifier { refused = true }  // an operator
                // `label` and label are one name.
                members.insert(lexed.text(of: name).trimmingCharacters(in: ["`"]))
            case .punctuation where inExtension && depth == 1 && text == ",":
                refused = true  // a list that declares more than one name
            default: continue
            }
        }
    }

    /// Whether the base, whose words are `baseWords` and whose types are `types`, could reach a member of
    /// these extensions without naming it, or name one, or the rest (read as `rest`) a private member of the
    /// base.
    func reachedBy(baseWords: Set<String>, baseTypes types: BaseTypes, rest: SwiftTokens) -> Bool {
        guard !extended.isEmpty else { return false }
        if refused { return true }
        if members.contains(where: {
            baseWords.contains($0) || Self.implicitMembers.contains($0) || $0.hasPrefix("build")
        }) {
            return true
        }
        let restTypes = Set(rest.topLevelDeclaredNames)
        if !types.privateNames.isDisjoint(with: Set(rest.words).union(["init", "subscript"])) { return true }
        return extended.contains { name in
            if restTypes.contains(name) { return false }
            if types.declared.contains(name) { return !types.plain.contains(name) }
            return !Self.concreteStandardTypes.contains(name)
        }
    }
}

/// The types a base declares, and those of them (structs, `final` classes) declared with no
/// conformance, attribute or generic parameter, and extended by the base with no conformance: the only ones
/// whose members a rest may add.
/// Also the names the base declares `private` or `fileprivate` (`init` and `subscript` for those).
struct BaseTypes {
    var declared: Set<String> = []
    var plain: Set<String> = []
    var privateNames: Set<String> = []

    /// The words after which a private declaration's name comes (or that are its name).
    static let privateDeclarationWords: Set<String> = [
        "func", "var", "let", "case", "struct", "class", "enum", "actor", "protocol", "typealias", "init", "subscript",
    ]

    init(_ code: String) {
        let lexed = LexedSource.of(code)
        let tokens = lexed.tokens.filter(\.isCode)
        var depth = 0
        var header: (name: String, plain: Bool)?
        var attributed = false
        var conforming: Set<String> = []
        var privateDeclaration = false
        for (index, token) in tokens.enumerated() {
            let text = lexed.text(of: token)
            if token.kind == .identifier, text == "private" || text == "fileprivate" {
                privateDeclaration = true
            } else if privateDeclaration, token.kind == .identifier, Self.privateDeclarationWords.contains(text) {
                privateDeclaration = false
                let named = text == "init" || text == "subscript" || index + 1 == tokens.count
                privateNames.insert(named ? text : lexed.text(of: tokens[index + 1]))
            }
            if depth == 0, let open = header {
                // The header runs to its body's brace: a `:` or a `<` in it conforms or is generic.
                if token.kind == .open, text == "{" {
                    if open.plain { plain.insert(open.name) } else { conforming.insert(open.name) }
                    header = nil
                } else if text == ":" || text.hasPrefix("<") {
                    header?.plain = false
                }
            }
            switch token.kind {
            case .open: depth += 1
            case .close: depth -= 1
            case .attribute where depth == 0: attributed = true
            case .identifier where depth == 0 && FilePrivateEngine.declarationWords.contains(text):
                defer { attributed = false }
                guard FilePrivateEngine.typeWords.union(["typealias", "extension"]).contains(text),
                    index + 1 < tokens.count
                else { continue }
                let name = lexed.text(of: tokens[index + 1])
                if text != "extension" { declared.insert(name) }
                // Only these have a body whose header may be read; the others are never plain, nor a class
                // that may have a subclass, which inherits its members.
                // An enum whose cases hold no values is `Hashable` unwritten: its `hash(into:)` may be a rest's.
                let final = index > 0 && lexed.text(of: tokens[index - 1]) == "final"
                if ["struct", "extension"].contains(text) || (text == "class" && final) {
                    header = (name, !attributed)
                } else if text == "class" || text == "enum" {
                    header = (name, false)
                }
            default: continue
            }
        }
        plain.subtract(conforming)
    }
}
