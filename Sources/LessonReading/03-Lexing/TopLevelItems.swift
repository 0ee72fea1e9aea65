/// A block's top level cut into its items once: each declaration or statement outside every bracket, with
/// the attributes and modifiers before its keyword. Every reader that asks what a block holds at its top
/// level (its imports, its functions, the declarations a merged build moves) reads these items instead of
/// cutting the tokens by rules of its own.
///
/// An item starts with a token outside every bracket, and runs on while brackets are open, on the lines
/// it spans, past attributes and modifiers to what they qualify, and up to the body of a declaration that
/// has one (`struct`, `func`, …, whose `{` may be on a later line); a `;` ends it.
package struct TopLevelItems: Sendable {
    package struct Item: Sendable {
        /// Its tokens, as indices into `code`.
        package var tokens: Range<Int>
        package var firstLine: Int
        package var lastLine: Int
        /// The index into `code` of its declaration's keyword (after attributes and modifiers); nil for a
        /// statement.
        package var keyword: Int?
        /// The modifiers before that keyword (`final`, `private`), in order.
        package var modifiers: [String] = []
        /// Whether it starts with an attribute (`@testable import`, `@propertyWrapper struct`).
        package var hasAttributes = false
        /// Whether its keyword declares something with a body (`struct`, `func`, …).
        package var expectsBody = false
        /// Whether that body has opened.
        package var bodyOpened = false
        /// The index into `code` of the brace that closes that body, once closed.
        package var bodyEnd: Int?
        /// Whether it is only attributes and modifiers so far: the declaration they qualify follows.
        fileprivate var qualifiersOnly = true
        /// Whether a `;` ended it.
        fileprivate var ended = false

        package var lines: ClosedRange<Int> { firstLine...lastLine }
    }

    package let source: LexedSource
    /// The tokens that are code (neither comments nor line breaks), in order.
    package let code: [SwiftToken]
    /// For each token of `code`, the brackets open around it (a closing bracket is inside what it closes).
    package let depths: [Int]
    package let items: [Item]
    /// Whether every bracket closes one that is open, and every one opened closes.
    package let isBalanced: Bool

    /// The words that declare something with a body, which may open on a later line.
    private static let bodyKeywords = SwiftVocabulary.typeWords.union([
        "func", "init", "deinit", "subscript", "precedencegroup",
    ])
    /// The words that make an item a declaration.
    private static let declarationKeywords = SwiftVocabulary.declaringWords.union(bodyKeywords).union([
        "import", "operator", "macro", "associatedtype",
    ])

    package init(_ source: LexedSource) {
        self.source = source
        var code: [SwiftToken] = []
        var depths: [Int] = []
        var depth = 0
        var balanced = true
        for token in source.tokens where token.isCode {
            if token.kind == .close {
                if depth == 0 { balanced = false } else { depth -= 1 }
            }
            // A closing bracket is inside what it closes, as the opening bracket's contents are.
            code.append(token)
            depths.append(token.kind == .close ? depth + 1 : depth)
            if token.kind == .open { depth += 1 }
        }
        self.code = code
        self.depths = depths
        isBalanced = balanced && depth == 0
        var items: [Item] = []
        // The item being read is kept apart until it ends: not copied out of the list and back for each token.
        var current: Item?
        for index in code.indices {
            if let item = current, !Self.continues(item, with: code[index], depth: depths[index]) {
                items.append(item)
                current = nil
            }
            if current == nil {
                current = Item(tokens: index..<index, firstLine: code[index].line, lastLine: code[index].lastLine)
            }
            Self.read(index, into: &current!, code: code, depths: depths, source: source)
        }
        if let item = current { items.append(item) }
        self.items = items
    }

    /// The items of `text`, lexed here. (A block the planner read has its items: `SwiftBlock.items`.)
    package init(_ text: String) { self.init(LexedSource(text)) }

    /// Whether `token` belongs to `item`.
    private static func continues(_ item: Item, with token: SwiftToken, depth: Int) -> Bool {
        if depth > 0 { return true }
        if item.ended { return false }
        if token.line <= item.lastLine || item.qualifiersOnly { return true }
        return item.expectsBody && !item.bodyOpened
    }

    /// Whether the word at `index` modifies a declaration: a modifier followed on its line (past its
    /// arguments, as in `private(set)`) by another modifier or a declaration's keyword. `open(file)` is a call.
    private static func isModifier(at index: Int, code: [SwiftToken], depths: [Int], source: LexedSource) -> Bool {
        var index = index
        while index < code.count, SwiftVocabulary.declarationModifiers.contains(source.text(of: code[index])) {
            let line = code[index].line
            index += 1
            if index < code.count, code[index].kind == .open, source.token(code[index], is: "(") {
                index += 1
                while index < code.count, depths[index] > 0 { index += 1 }
            }
            guard index < code.count, code[index].kind == .identifier, code[index].line == line else { return false }
            if declarationKeywords.contains(source.text(of: code[index])) { return true }
        }
        return false
    }

    /// Reads the token at `index` into `item`.
    private static func read(
        _ index: Int, into item: inout Item, code: [SwiftToken], depths: [Int], source: LexedSource
    ) {
        let token = code[index]
        item.tokens = item.tokens.lowerBound..<(index + 1)
        item.lastLine = max(item.lastLine, token.lastLine)
        let depth = depths[index]
        if depth == 0, token.kind == .punctuation, source.token(token, is: ";") {
            item.ended = true
            return
        }
        if item.qualifiersOnly, depth == 0 {
            switch token.kind {
            case .attribute:
                if item.tokens.count == 1 { item.hasAttributes = true }
                return
            case .open where item.tokens.count > 1 && source.token(token, is: "("):
                return  // an attribute's or a modifier's arguments (`@available(…)`, `private(set)`)
            case .identifier:
                let word = source.text(of: token)
                if isModifier(at: index, code: code, depths: depths, source: source) {
                    item.modifiers.append(word)
                    return
                }
                item.qualifiersOnly = false
                if declarationKeywords.contains(word) {
                    item.keyword = index
                    item.expectsBody = bodyKeywords.contains(word)
                }
            default:
                item.qualifiersOnly = false
            }
            return
        }
        guard item.expectsBody, item.bodyEnd == nil else { return }
        if token.kind == .close, depth == 1, source.token(token, is: "}"), item.bodyOpened { item.bodyEnd = index }
        if token.kind == .open, depth == 0, source.token(token, is: "{") { item.bodyOpened = true }
    }
}

package extension TopLevelItems {
    /// The text of the token at `index` of `code`.
    func text(_ index: Int) -> String { source.text(of: code[index]) }

    /// The keyword of `item`'s declaration, or nil for a statement.
    func keyword(of item: Item) -> String? { item.keyword.map(text) }

    /// Whether another item has a token on one of the lines of the item at `index`: the one before it or the
    /// one after, since items follow each other.
    func sharesLines(_ index: Int) -> Bool {
        (index > 0 && items[index - 1].lastLine >= items[index].firstLine)
            || (index + 1 < items.count && items[index + 1].firstLine <= items[index].lastLine)
    }

    /// The name each top-level `func` declares (an operator's included: `func + (…)`).
    var functions: [String] {
        items.compactMap { item in
            guard let keyword = item.keyword, text(keyword) == "func", keyword + 1 < item.tokens.upperBound else {
                return nil
            }
            return text(keyword + 1)
        }
    }

    /// The modules the block imports (`import Foundation`, `@testable import UIKit`, `import class UIKit.UIView`).
    var importedModules: [String] {
        items.compactMap { item in
            guard let keyword = item.keyword, text(keyword) == "import" else { return nil }
            let names = code[(keyword + 1)..<item.tokens.upperBound].prefix { $0.kind == .identifier }
            guard let first = names.first else { return nil }
            // `import struct M.T`: the module is the name after the kind.
            if SwiftVocabulary.importKinds.contains(source.text(of: first)), names.count > 1 {
                return source.text(of: names[names.startIndex + 1])
            }
            return source.text(of: first)
        }
    }
}
