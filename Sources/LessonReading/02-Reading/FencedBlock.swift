/// The fence that opens a code block: its character, its length and its indentation (in columns, inside
/// its containers).
package struct Fence: Hashable, Sendable {
    package var character: Character
    package var length: Int
    package var indentation: Int

    package init(character: Character, length: Int, indentation: Int) {
        self.character = character
        self.length = length
        self.indentation = indentation
    }

    /// The bare fence text, e.g. "```" or "~~~~".
    package var marker: String { String(repeating: character, count: length) }
}

/// A fenced code block of a lesson, with the file lines it spans. The block may sit in block quotes and list
/// items: its content lines are what is left once their prefixes (`> `, the item's indentation, up to the
/// fence's indentation) are taken off, and each line's prefix is kept so the block can be written back.
package struct FencedBlock: Hashable, Sendable {
    package var fence: Fence
    package var info: InfoString
    /// Line of the opening fence.
    package var openingLine: Int
    /// Line of the closing fence; nil when the block is never closed.
    package var closingLine: Int?
    /// A block in a block quote or list item that ends with its container, without a closing fence (valid
    /// CommonMark).
    package var endsWithItsContainer = false
    /// The content lines, with their containers' prefixes and up to the fence's indentation removed, keeping
    /// their file line numbers. A tab that a prefix only partly takes becomes the spaces left of it.
    package var content: [SourceLine]
    /// For each content line, the text before its content as written; nil where a prefix took part of a
    /// tab, so it cannot be kept as it is.
    package var contentPrefixes: [String?] = []
    /// What a new line of the block starts with to stay in the block's quotes and list items (`> `, `   `),
    /// before the fence's indentation.
    package var containerPrefix = ""
    /// The text before the opening fence's run of backticks or tildes, and before the closing one's.
    package var openingPrefix = ""
    package var closingPrefix: String?

    package init(fence: Fence, info: InfoString, openingLine: Int, closingLine: Int?, content: [SourceLine]) {
        self.fence = fence
        self.info = info
        self.openingLine = openingLine
        self.closingLine = closingLine
        self.content = content
    }

    /// The line of the first content line (even when the block is empty).
    package var firstContentLine: Int { openingLine + 1 }
    /// The last line the block spans.
    package var lastLine: Int { closingLine ?? (content.last?.number ?? openingLine) }
    /// The content as one string, lines joined with LF, with a final LF when not empty.
    package var text: String { content.map { $0.text + "\n" }.joined() }
    package var firstLine: String? { content.first?.text }

    /// Whether the block runs to the end of the document, its fence never closed (CommonMark closes it there).
    package var hasNoClosingFence: Bool { closingLine == nil && !endsWithItsContainer }
    /// Whether the block sits in a block quote or a list item.
    package var isNested: Bool { !containerPrefix.isEmpty }
}
