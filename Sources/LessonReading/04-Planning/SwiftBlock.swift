/// A block of Swift read once, in planning, and carried down to every stage that asks what it holds: its
/// tokens cut into top-level items, its import lines as a merged build hoists them, its words (without
/// those import lines), and its top-level shape. The merge policy, the program's sources and a book's
/// listings read these, never the text again.
package struct SwiftBlock: Hashable, Sendable {
    package let text: String
    package let items: TopLevelItems
    /// Its import lines, hoisted; nil when one cannot be (`HoistedImports`).
    package let hoisted: HoistedImports?
    /// Its words.
    package let tokens: SwiftTokens
    /// Its words once its import lines are hoisted (`tokens` when it has none).
    package let wrappedTokens: SwiftTokens
    package let shape: TopLevelShape
    /// The sets of its words an engine's reader asks about, for every scenario run against it.
    package let wordSet: Set<String>
    package let unqualifiedWords: Set<String>
    package let declaredNames: Set<String>

    package init(_ text: String) {
        self.text = text
        items = TopLevelItems(text)
        hoisted = HoistedImports(items)
        tokens = SwiftTokens(items.source)
        let importLines = hoisted?.importLines ?? []
        wrappedTokens = importLines.isEmpty ? tokens : SwiftTokens(items.source, skippingLines: importLines)
        shape = TopLevelShape(items)
        wordSet = Set(tokens.words)
        unqualifiedWords = Set(tokens.unqualifiedWords)
        declaredNames = Set(tokens.topLevelDeclaredNames)
    }

    private static let memo = TextMemo<SwiftBlock>(capacity: 4_096)

    /// The block of `text`, read once per process: for what planning did not read (a canonical engine's
    /// files, a block made by a test).
    package static func of(_ text: String) -> SwiftBlock { memo.value(for: text, making: SwiftBlock.init) }

    package static func == (left: SwiftBlock, right: SwiftBlock) -> Bool { left.text == right.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Whether its tokens are too deeply nested to read whole, or do not close what they open.
    package var isSelfContained: Bool { tokens.isSelfContained && !items.source.isTooDeep }
}
