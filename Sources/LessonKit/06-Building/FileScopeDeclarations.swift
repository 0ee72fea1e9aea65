/// A listing's type declarations (protocols, extensions, and the types they extend or conform), moved out
/// of the function a merged build wraps the listing in, to the file scope of a file of the listing's own:
/// a protocol or an extension cannot be local. Each is made `fileprivate`, so that the same names declared in
/// other listings' files do not clash, and what stays in the function is the rest. Both parts keep the
/// block's line numbers: each is blank where the other has its lines.
///
/// Only whole lines move, read from the block's top-level items (`TopLevelItems`): a declaration that
/// shares a line with other code or follows a word the split does not know (an access level,
/// `nonisolated`), or a conditional compilation block, leaves the block unsplit (nil), and the listing is
/// built as a module of its own.
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
    static let keywords = SwiftVocabulary.typeWords.union(["typealias"])
    /// Modifiers a moved declaration may have besides its attributes.
    static let modifiers: Set<String> = ["final", "indirect"]

    init?(_ text: String) { self.init(TopLevelItems(text)) }

    init?(_ read: TopLevelItems) {
        let text = read.source.text
        guard read.isBalanced, read.code.allSatisfy(\.isTerminated), let moving = Self.moving(read) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var moved = Array(repeating: "", count: lines.count)
        conformedTypes = []
        for item in moving {
            guard let keyword = item.keyword else { continue }
            if let conformedType = Self.conformedType(of: item, in: read) {
                conformedTypes.append(conformedType)
            } else {
                let token = read.code[keyword]
                let line = Array(lines[token.line].utf8)
                let offset = read.source.column(of: token)
                lines[token.line] =
                    String(decoding: line[..<offset], as: UTF8.self) + "fileprivate "
                    + String(decoding: line[offset...], as: UTF8.self)
            }
            for line in item.lines {
                moved[line] = lines[line]
                lines[line] = ""
            }
        }
        fileScope = moved.joined(separator: "\n")
        body = lines.joined(separator: "\n")
    }

    /// The items that move; nil when the block cannot be split: a conditional compilation block, a moved
    /// declaration that shares a line with other code, has a modifier it may not have or a body that does
    /// not close, an access level or a `final` on what stays, or a type's keyword inside a statement.
    private static func moving(_ read: TopLevelItems) -> [TopLevelItems.Item]? {
        var moving: [TopLevelItems.Item] = []
        for (index, item) in read.items.enumerated() {
            let first = read.text(item.tokens.lowerBound)
            if first.hasPrefix("#if") || first == "#else" || first == "#elseif" { return nil }
            let keyword = read.keyword(of: item)
            if let keyword, keywords.contains(keyword) {
                guard item.modifiers.allSatisfy(modifiers.contains), !read.sharesLines(index) else { return nil }
                // Nothing after the body's closing brace, and a body that closes (a type alias has none).
                if keyword != "typealias" {
                    guard let end = item.bodyEnd, end + 1 == item.tokens.upperBound else { return nil }
                }
                moving.append(item)
                continue
            }
            // `private func`, `final func`: what the split does not move, and does not leave either.
            if item.modifiers.contains(where: { SwiftVocabulary.accessLevels.contains($0) || modifiers.contains($0) }) {
                return nil
            }
            // `let a = 1 struct B {}`, or a keyword the split does not know before one (`nonisolated struct`).
            let words = item.tokens.dropFirst().filter { read.depths[$0] == 0 && read.code[$0].kind == .identifier }
            if words.contains(where: { keywords.contains(read.text($0)) }) { return nil }
        }
        return moving
    }

    /// For `extension Name: Protocol`, `Name`; nil for any other declaration, and for an extension that adds
    /// no conformance (a `:` after `where` constrains, it does not conform).
    private static func conformedType(of item: TopLevelItems.Item, in read: TopLevelItems) -> String? {
        guard let keyword = item.keyword, read.text(keyword) == "extension", keyword + 1 < item.tokens.upperBound,
            read.code[keyword + 1].kind == .identifier
        else { return nil }
        for index in (keyword + 1)..<item.tokens.upperBound where read.depths[index] == 0 {
            let token = read.code[index]
            if token.kind == .open { return nil }
            if token.kind == .identifier, read.text(index) == "where" { return nil }
            if token.kind == .punctuation, read.text(index) == ":" { return read.text(keyword + 1) }
        }
        return nil
    }
}
