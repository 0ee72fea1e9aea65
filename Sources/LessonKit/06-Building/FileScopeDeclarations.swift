/// A listing's type declarations (protocols, extensions, and the types they extend or conform), moved out
/// of the function a merged build wraps the listing in, to the file scope of a file of the listing's own:
/// a protocol or an extension cannot be local. Each is made `fileprivate`, so that the same names declared in
/// other listings' files do not clash, and what stays in the function is the rest. Both parts keep the
/// block's line numbers: each is blank where the other has its lines.
///
/// Only whole lines move: a declaration that shares a line with other code or follows a word the split does
/// not know (an access level, `nonisolated`), or a conditional compilation block, leaves the block unsplit
/// (nil), and the listing is built as a module of its own.
struct FileScopeDeclarations: Equatable {
    /// The lines that move, with `fileprivate` before each declaration's keyword; blank elsewhere.
    var fileScope: String
    /// The other lines; blank where the moved ones were.
    var body: String
    /// The types an extension adds a conformance to (`extension Point: Equatable`): such an extension
    /// cannot be `fileprivate`, so its members clash with another file's unless the type is one the
    /// program declares itself (and so a `fileprivate` type of this file).
    var conformedTypes: [String]

    /// The declarations that move.
    static let keywords: Set<String> = ["struct", "class", "enum", "protocol", "extension", "actor", "typealias"]
    /// Modifiers a moved declaration may have besides its attributes.
    static let modifiers: Set<String> = ["final", "indirect"]
    /// The access levels, which a moved declaration may not have: it becomes `fileprivate`.
    static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]

    init?(_ text: String) {
        guard let items = Self.items(of: Self.tokens(of: text)) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var moved = Array(repeating: "", count: lines.count)
        conformedTypes = []
        for item in items {
            guard case .declaration(let keyword, let conformedType) = item.kind else { continue }
            if let conformedType {
                conformedTypes.append(conformedType)
            } else {
                let line = Array(lines[keyword.line].utf8)
                lines[keyword.line] =
                    String(decoding: line[..<keyword.offset], as: UTF8.self) + "fileprivate "
                    + String(decoding: line[keyword.offset...], as: UTF8.self)
            }
            for line in item.lines {
                moved[line] = lines[line]
                lines[line] = ""
            }
        }
        fileScope = moved.joined(separator: "\n")
        body = lines.joined(separator: "\n")
    }

    /// A word, a string literal or a punctuation character of the source, outside comments.
    private struct Token {
        enum Kind: Equatable {
            case word(String), open(Unicode.Scalar), close(Unicode.Scalar), string, punctuation(Unicode.Scalar)
        }
        var kind: Kind
        var line: Int
        /// Where it starts in its line, in UTF-8 bytes.
        var offset: Int
        /// The line it ends on (a multi-line string literal ends on a later one).
        var lastLine: Int
        /// The brackets open around it (a closing bracket is inside what it closes).
        var depth: Int
    }

    /// The tokens of `text` outside comments; nil when a bracket closes what is not open, or a literal or
    /// comment does not end.
    private static func tokens(of text: String) -> [Token]? {
        let source = LexedSource.of(text)
        var tokens: [Token] = []
        var depth = 0
        for token in source.tokens {
            guard token.isTerminated else { return nil }
            guard token.isCode else { continue }
            let first = Unicode.Scalar(source.bytes[token.range.lowerBound])
            let kind: Token.Kind
            switch token.kind {
            case .identifier, .poundKeyword, .attribute: kind = .word(source.text(of: token))
            case .string: kind = .string
            case .open: kind = .open(first)
            case .close:
                guard depth > 0 else { return nil }
                kind = .close(first)
            default: kind = .punctuation(first)
            }
            // A closing bracket is inside what it closes, as the opening bracket's contents are.
            tokens.append(
                Token(
                    kind: kind, line: token.line, offset: source.column(of: token), lastLine: token.lastLine,
                    depth: depth))
            if token.kind == .open { depth += 1 }
            if token.kind == .close { depth -= 1 }
        }
        return depth == 0 ? tokens : nil
    }

    /// One top-level declaration or statement, and the lines it spans.
    private struct Item {
        enum Kind {
            /// A declaration that moves: its keyword, and the type it adds a conformance to, if it does.
            case declaration(keyword: Token, conformedType: String?)
            case other
        }
        var kind: Kind = .other
        var firstLine: Int
        var lastLine: Int
        /// Only attributes so far (`@propertyWrapper` on a line of its own): the declaration follows.
        var attributesOnly = true
        /// Whether the declaration's body has opened, and closed.
        var opened = false
        var closed = false
        var lines: ClosedRange<Int> { firstLine...lastLine }
    }

    /// The top-level items of `tokens`: an item starts on a line of its own and runs on while brackets are
    /// open, on the lines it shares, past attributes to what they qualify, and up to a declaration's body.
    /// Nil when a moved declaration shares a line with other code, or has a modifier it may not have.
    private static func items(of tokens: [Token]?) -> [Item]? {
        guard let tokens else { return nil }
        var items: [Item] = []
        var modifiersSeen = false
        for (index, token) in tokens.enumerated() {
            if let item = items.last, continues(item, with: token) {
                guard let extended = extending(item, with: token, at: index, in: tokens, modifiersSeen: &modifiersSeen)
                else { return nil }
                items[items.count - 1] = extended
                continue
            }
            modifiersSeen = false
            if case .word(let word) = token.kind, word.hasPrefix("#if") || word == "#else" || word == "#elseif" {
                return nil
            }
            var item = Item(firstLine: token.line, lastLine: token.lastLine)
            if case .word(let word) = token.kind {
                if Self.keywords.contains(word) {
                    item.attributesOnly = false
                    item.kind = .declaration(
                        keyword: token, conformedType: conformedType(after: index, in: tokens, keyword: word))
                } else if Self.modifiers.contains(word) {
                    modifiersSeen = true
                } else if Self.accessLevels.contains(word) {
                    return nil
                } else if !word.hasPrefix("@") {
                    item.attributesOnly = false
                }
            } else {
                item.attributesOnly = false
            }
            items.append(item)
        }
        for item in items {
            guard case .declaration(let keyword, _) = item.kind, keyword.kind != .word("typealias") else { continue }
            if !item.closed { return nil }
        }
        return items
    }

    /// `item` with `token`, which belongs to it, read into it; nil when the token makes the block unsplittable.
    private static func extending(
        _ item: Item, with token: Token, at index: Int, in tokens: [Token], modifiersSeen: inout Bool
    ) -> Item? {
        var item = item
        item.lastLine = max(item.lastLine, token.lastLine)
        if case .declaration = item.kind {
            if item.closed { return nil }  // code after the declaration's closing brace, on its line
            if token.kind == .open("{"), token.depth == 0 { item.opened = true }
            if token.kind == .close("}"), token.depth == 1 { item.closed = true }
        }
        if item.attributesOnly, token.depth == 0, case .word(let word) = token.kind, !word.hasPrefix("@") {
            item.attributesOnly = false
            if Self.keywords.contains(word) {
                item.kind = .declaration(
                    keyword: token, conformedType: conformedType(after: index, in: tokens, keyword: word))
            } else if Self.modifiers.contains(word) {
                item.attributesOnly = true
                modifiersSeen = true
            } else if modifiersSeen || Self.accessLevels.contains(word) {
                return nil  // `final func`, `private struct`: what the split does not move
            }
        } else if item.attributesOnly, token.depth == 0, !isWord(token), token.kind != .open("(") {
            item.attributesOnly = false  // an attribute's arguments keep it going
        } else if case .other = item.kind, token.depth == 0, case .word(let word) = token.kind,
            Self.keywords.contains(word)
        {
            return nil  // `let a = 1; protocol P {}`, `nonisolated struct`: a declaration that cannot move
        }
        return item
    }

    private static func isWord(_ token: Token) -> Bool {
        if case .word = token.kind { return true }
        return false
    }

    /// Whether `token` belongs to `item`: inside its brackets, on a line it spans, after its attributes, or
    /// before the body of the declaration it is.
    private static func continues(_ item: Item, with token: Token) -> Bool {
        if token.depth > 0 || token.line <= item.lastLine || item.attributesOnly { return true }
        if case .declaration(let keyword, _) = item.kind, keyword.kind != .word("typealias"), !item.opened {
            return true
        }
        return false
    }

    /// For `extension Name: Protocol`, `Name`; nil for any other declaration, and for an extension that adds
    /// no conformance (a `:` after `where` constrains, it does not conform).
    private static func conformedType(after index: Int, in tokens: [Token], keyword: String) -> String? {
        guard keyword == "extension", index + 1 < tokens.count, case .word(let name) = tokens[index + 1].kind else {
            return nil
        }
        for token in tokens[(index + 1)...] where token.depth == 0 {
            switch token.kind {
            case .open("{"): return nil
            case .word("where"): return nil
            case .punctuation(":"): return name
            default: continue
            }
        }
        return nil
    }
}
