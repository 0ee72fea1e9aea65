/// The fence that opens a code block: its character, its length and its indentation (in columns, inside
/// its containers).
public struct Fence: Hashable, Sendable {
    public var character: Character
    public var length: Int
    public var indentation: Int

    public init(character: Character, length: Int, indentation: Int) {
        self.character = character
        self.length = length
        self.indentation = indentation
    }

    /// The bare fence text, e.g. "```" or "~~~~".
    public var marker: String { String(repeating: character, count: length) }
}

/// A fenced code block of a lesson, with the file lines it spans. The block may sit in block quotes and list
/// items: its content lines are what is left once their prefixes (`> `, the item's indentation, up to the
/// fence's indentation) are taken off, and each line's prefix is kept so the block can be written back.
public struct FencedBlock: Hashable, Sendable {
    public var fence: Fence
    public var info: InfoString
    /// Line of the opening fence.
    public var openingLine: Int
    /// Line of the closing fence; nil when the block is never closed.
    public var closingLine: Int?
    /// A block in a block quote or list item that ends with its container, without a closing fence (valid
    /// CommonMark).
    public var endsWithItsContainer = false
    /// The content lines, with their containers' prefixes and up to the fence's indentation removed, keeping
    /// their file line numbers. A tab that a prefix only partly takes becomes the spaces left of it.
    public var content: [SourceLine]
    /// For each content line, the text before its content as written; nil where a prefix took part of a
    /// tab, so it cannot be kept as it is.
    public var contentPrefixes: [String?] = []
    /// What a new line of the block starts with to stay in the block's quotes and list items (`> `, `   `),
    /// before the fence's indentation.
    public var containerPrefix = ""
    /// The text before the opening fence's run of backticks or tildes, and before the closing one's.
    public var openingPrefix = ""
    public var closingPrefix: String?

    public init(fence: Fence, info: InfoString, openingLine: Int, closingLine: Int?, content: [SourceLine]) {
        self.fence = fence
        self.info = info
        self.openingLine = openingLine
        self.closingLine = closingLine
        self.content = content
    }

    /// The line of the first content line (even when the block is empty).
    public var firstContentLine: Int { openingLine + 1 }
    /// The last line the block spans.
    public var lastLine: Int { closingLine ?? (content.last?.number ?? openingLine) }
    /// The content as one string, lines joined with LF, with a final LF when not empty.
    public var text: String { content.map { $0.text + "\n" }.joined() }
    public var firstLine: String? { content.first?.text }
    /// Whether the block sits in a block quote or a list item.
    public var isNested: Bool { !containerPrefix.isEmpty }
}
