/// What a book's planner needs to know of a listing, read from its tokens (`LexedSource`): its words
/// (names, keywords, `#` directives and `@` attributes) outside comments and string literals, the names it
/// declares at the top level and those it binds for a scope of its own, and whether it closes what it opens.
package struct SwiftTokens {
    package var words: [String] = []
    package var topLevelDeclaredNames: [String] = []
    /// The words not written after a `.`: names the source uses (and keywords), not members it reaches.
    package var unqualifiedWords: [String] = []
    /// The words outside every bracket.
    package var topLevelWords: [String] = []
    /// The words written after a `.`: members the source reaches (`3.repetitions`).
    package var qualifiedWords: [String] = []
    /// The members declared right inside a top-level extension (`extension Int { var squared … }`).
    package var extensionMemberNames: [String] = []
    /// The types the source extends at the top level (`extension Point`).
    package var topLevelExtendedNames: [String] = []
    /// The names the source binds for a scope of its own, at any depth: constants and variables (`if let`,
    /// `case let (x, y)` and tuples included), functions and types declared inside others, parameters,
    /// closure parameters and loop variables. A book's listing that uses such a name needs no earlier
    /// listing for it.
    package var locallyBoundNames: Set<String> = []
    /// Whether the source declares an operator's function (`func + (a: V, b: V) -> V`, `func ~=`), which only
    /// the file's top level or a type may hold.
    package var declaresOperatorFunction = false
    /// Whether every bracket, block comment and string the source opens closes within it, and it closes
    /// none it did not open. A wrapped scenario that does not could close its wrapper early and leave code
    /// at the top level of the merged program's `main.swift`, where it would run for every scenario.
    package var isSelfContained = true
}

package extension SwiftTokens {
    /// What `source` binds and uses, lexed here. (A block the planner read has its tokens: `SwiftBlock.tokens`.)
    init(_ source: String) { self.init(LexedSource(source)) }

    /// The words of `source`, but those of `skippingLines` (import lines a merged build hoists; their line
    /// breaks are read).
    init(_ source: LexedSource, skippingLines: Set<Int> = []) {
        var reader = SwiftTokensReader(source: source)
        for token in source.tokens
        where skippingLines.isEmpty || token.kind == .newline || !skippingLines.contains(token.line) {
            reader.read(token)
        }
        self = reader.finished()
        isSelfContained = source.isSelfContained
    }

    /// The head of a closure (`{ [weak self] (a: Int, b) -> Int in`) or of a loop (`for (i, x) in`): the
    /// names an `in` after it binds. A closure's are the words before its `->`, outside its capture list,
    /// and in its parentheses only those before a `:`; a loop's are all of its pattern's.
    struct BinderHead {
        package var base: Int
        package var closure: Bool
        package var names: [String] = []
        package var afterArrow = false
        package var beforeColon = true

        package func takes(_ word: String, depth: Int, innermost: UInt8?) -> Bool {
            guard closure else { return depth >= base }
            if afterArrow || innermost == Byte.openBracket { return false }
            return depth == base || (depth == base + 1 && innermost == Byte.openParenthesis && beforeColon)
        }
    }

}
