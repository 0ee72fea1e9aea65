/// Finds the fenced code blocks of a Markdown document as CommonMark sees them: backtick or tilde fences
/// of three or more characters, at the top level or in block quotes and list items at any depth, and never
/// inside HTML blocks or indented code. See `BlockStructureReader` for how lines are read.
package enum FenceScanner {
    package static func blocks(in lines: ArraySlice<SourceLine>) -> [FencedBlock] {
        var reader = BlockStructureReader()
        for line in lines { reader.read(line) }
        return reader.blocks
    }

    /// Whether `text`, a line inside the block's containers, would close a block opened by `fence`.
    package static func isClosingFence(_ text: String, of fence: Fence) -> Bool {
        var cursor = LineCursor(text)
        cursor.findNextNonspace()
        return cursor.indent <= 3
            && BlockStructureReader.isClosingFence(cursor.rest(from: cursor.nextNonspace), of: fence)
    }
}

package extension String {
    /// The string without leading and trailing spaces and tabs (Foundation-free).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The string without trailing spaces and tabs.
    func droppingTrailingSpaces() -> String {
        var text = self
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
