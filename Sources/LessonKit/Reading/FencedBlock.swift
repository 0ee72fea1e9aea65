/// The fence that opens a code block: its character, its length and its indentation.
public struct Fence: Hashable, Sendable {
    public var character: Character
    public var length: Int
    public var indentation: Int
    /// The content column of the list item the fence opens on (`1. ```swift`), or 0 at the top level:
    /// every line of the block is indented by at least this much, and that much is not content.
    public var containerIndentation: Int

    public init(character: Character, length: Int, indentation: Int, containerIndentation: Int = 0) {
        self.character = character
        self.length = length
        self.indentation = indentation
        self.containerIndentation = containerIndentation
    }

    /// The bare fence text, e.g. "```" or "~~~~".
    public var marker: String { String(repeating: character, count: length) }
}

/// A fenced code block of a lesson, with the file lines it spans.
public struct FencedBlock: Hashable, Sendable {
    public var fence: Fence
    public var info: InfoString
    /// Line of the opening fence.
    public var openingLine: Int
    /// Line of the closing fence; nil when the block is never closed.
    public var closingLine: Int?
    /// A block in a list item that ends with its item, without a closing fence (valid CommonMark).
    public var endsWithItsListItem = false
    /// The content lines, with up to the fence's indentation removed, keeping their file line numbers.
    public var content: [SourceLine]

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
}
