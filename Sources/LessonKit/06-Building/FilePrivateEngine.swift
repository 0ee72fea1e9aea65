/// An engine whose every top-level declaration is made `fileprivate`, so that engines of different lessons
/// declaring the same names can share one module, each in a file of its own with its scenarios (see
/// `CombinedLessons.swift`): one frontend process then compiles many lessons, where each distinct engine
/// would otherwise be a program, and a frontend, of its own.
///
/// `fileprivate` changes nothing the scenarios in the same file can see, except in what the rewrite refuses
/// (nil):
/// - a declaration the engine already made `private` or `fileprivate`: a scenario in its file would see it,
///   where it cannot from `main.swift`;
/// - an `import`: a scenario in the engine's file would see what it imports, where from `main.swift` it sees
///   only another file's extension members (`sqrt` would compile there, and fail alone);
/// - an access level anywhere (`public`, `internal`, `package`, an `open` declaration): a `public` member of
///   an extension of another module's type stays visible to the whole module, and changes other lessons'
///   overloads;
/// - an extension that adds a conformance to a type the engine does not declare: it cannot be
///   `fileprivate`, and the same conformance in two files clashes;
/// - `#column`, which the inserted words would shift; operators, macros, conditional compilation and `@_`
///   attributes (a symbol name of its own).
///
/// A type's fully qualified name changes (`main.(unknown context at $…).Screen`): a run that prints one is
/// built again alone (`Executor.revealsMovedDeclarations`).
///
/// Only whole items are rewritten: every top-level declaration must begin its line, after its attributes
/// and modifiers; `fileprivate ` is inserted before its keyword, so that the engine keeps its lines.
struct FilePrivateEngine: Equatable {
    /// The engine, each top-level declaration `fileprivate`.
    var source: String

    /// The words that begin a top-level declaration.
    static let declarationWords: Set<String> = [
        "struct", "class", "enum", "protocol", "actor", "typealias", "func", "let", "var", "extension",
    ]
    /// The words that declare a type of the engine's own, which an extension may then extend as it is (not
    /// `typealias`: the type it names may be another module's).
    static let typeWords: Set<String> = ["struct", "class", "enum", "protocol", "actor"]
    /// Modifiers a rewritten declaration may have besides its attributes.
    static let modifiers: Set<String> = ["final", "indirect"]
    /// Words that, beginning a top-level item, leave the engine as it is.
    static let refused: Set<String> = [
        "private", "open", "operator", "infix", "prefix", "postfix", "precedencegroup", "macro", "nonisolated",
        "dynamic", "static", "subscript", "init", "deinit", "import",
    ]
    /// Access levels that leave the engine as it is wherever they are (`open` only before a declaration:
    /// it is a common name too; `private` only at the top level, since a member's is its type's alone).
    static let accessLevels = FileScopeDeclarations.accessLevels.subtracting(["private", "open"])

    private static let memo = TextMemo<FilePrivateEngine?>(capacity: 1_024)

    /// The rewrite of `text`, made once per process.
    static func of(_ text: String) -> FilePrivateEngine? { memo.value(for: text, making: FilePrivateEngine.init) }

    init?(_ text: String) {
        let lexed = LexedSource.of(text)
        guard lexed.isSelfContained, !lexed.isTooDeep,
            !lexed.allTokens.contains(where: { $0.kind == .poundKeyword && lexed.token($0, is: "#column") })
        else { return nil }
        var scan = TopLevelScan(lexed: lexed, tokens: lexed.tokens.filter(\.isCode))
        for index in scan.tokens.indices {
            guard scan.read(index) else { return nil }
        }
        var insertions = scan.insertions
        // An extension of the engine's own type extends a `fileprivate` type: its members are so already.
        for item in scan.extensions where !scan.declaredTypes.contains(item.name) {
            guard !item.conforms else { return nil }
            insertions.append(item.offset)
        }
        var bytes = lexed.bytes
        for offset in insertions.sorted(by: >) { bytes.insert(contentsOf: Array("fileprivate ".utf8), at: offset) }
        source = String(decoding: bytes, as: UTF8.self)
    }

    /// The engine's top-level items, read token by token: where `fileprivate` goes, the types the engine
    /// declares and its extensions.
    private struct TopLevelScan {
        let lexed: LexedSource
        let tokens: [SwiftToken]
        var insertions: [Int] = []
        var declaredTypes: Set<String> = []
        var extensions: [(offset: Int, name: String, conforms: Bool)] = []
        private var depth = 0
        private var lastLine = -1
        /// Only attributes and modifiers so far on this item's line.
        private var leading = false

        init(lexed: LexedSource, tokens: [SwiftToken]) {
            self.lexed = lexed
            self.tokens = tokens
        }

        /// Reads the token at `index`; false when the engine cannot be rewritten.
        mutating func read(_ index: Int) -> Bool {
            let token = tokens[index]
            let text = lexed.text(of: token)
            guard !setsAccess(index, text) else { return false }
            switch token.kind {
            case .open:
                depth += 1
                return true
            case .close:
                depth -= 1
                lastLine = token.lastLine
                return true
            default: break
            }
            guard depth == 0 else { return true }
            if token.line != lastLine { leading = true }
            lastLine = token.lastLine
            switch token.kind {
            case .poundKeyword: return text == "#sourceLocation"
            case .attribute: return !text.hasPrefix("@_") && text != "@main"
            case .identifier: return readWord(text, at: index)
            default:
                leading = false
                return true
            }
        }

        private mutating func readWord(_ text: String, at index: Int) -> Bool {
            let token = tokens[index]
            if text == "class", index > 0, [":", ","].contains(lexed.text(of: tokens[index - 1])) {
                leading = false  // `protocol P: class`: a constraint, not a declaration
                return true
            }
            guard leading else {
                // A declaration that does not begin its line is not rewritten whole.
                return !(FilePrivateEngine.declarationWords.contains(text) || text == "import")
            }
            if FilePrivateEngine.modifiers.contains(text) { return true }
            leading = false
            if FilePrivateEngine.refused.contains(text) { return false }
            if FilePrivateEngine.declarationWords.contains(text) {
                let name = index + 1 < tokens.count ? lexed.text(of: tokens[index + 1]) : ""
                if text == "extension" {
                    extensions.append((token.range.lowerBound, name, conforms(after: index)))
                } else {
                    if FilePrivateEngine.typeWords.contains(text) { declaredTypes.insert(name) }
                    insertions.append(token.range.lowerBound)
                }
            }
            return true
        }

        /// Whether the token at `index`, whose text is `text`, is an access level, at any depth.
        private func setsAccess(_ index: Int, _ text: String) -> Bool {
            guard tokens[index].kind == .identifier else { return false }
            if FilePrivateEngine.accessLevels.contains(text) { return true }
            guard text == "open", index + 1 < tokens.count else { return false }
            return MergeEligibility.declarationModifiers.contains(lexed.text(of: tokens[index + 1]))
        }

        /// Whether the extension whose keyword is at `index` adds a conformance: a `:` before its body or
        /// its `where` (after which a `:` constrains).
        private func conforms(after index: Int) -> Bool {
            for token in tokens[(index + 1)...] {
                let text = lexed.text(of: token)
                if token.kind == .open || text == "where" { return false }
                if text == ":" { return true }
            }
            return false
        }
    }
}
