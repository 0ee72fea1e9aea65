/// Finds the fenced code blocks of a Markdown document, following CommonMark: backtick or tilde fences of
/// three or more characters, indented by at most three spaces; a closing fence of the same character at least
/// as long, with nothing but spaces after it; content lines lose up to the opening fence's indentation.
///
/// A fence may also open on a list item's marker line (`2. ```swift`); that block ends at its closing fence
/// or with its list item. Other fences nested in block quotes or list items are read only when they start
/// within three spaces of the margin, which is how lessons write them.
public enum FenceScanner {
    public static func blocks(in lines: ArraySlice<SourceLine>) -> [FencedBlock] {
        var blocks: [FencedBlock] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            guard let (fence, info) = openingFence(lines[index].text) ?? listItemFence(lines[index].text) else {
                index += 1
                continue
            }
            let openingLine = lines[index].number
            var content: [SourceLine] = []
            var closingLine: Int?
            var endsWithItem = false
            index += 1
            while index < lines.endIndex {
                let line = lines[index]
                let container = fence.containerIndentation
                let leading = line.text.prefix { $0 == " " }.count
                let blank = line.text.allSatisfy { $0 == " " || $0 == "\t" }
                if container > 0 && !blank && leading < container {
                    endsWithItem = true  // the list item ends, and the block with it
                    break
                }
                index += 1
                let inner = String(line.text.dropFirst(min(container, leading)))
                if isClosingFence(inner, of: fence) {
                    closingLine = line.number
                    break
                }
                var stripped = line
                stripped.text = removingIndentation(inner, upTo: fence.indentation)
                content.append(stripped)
            }
            var block = FencedBlock(
                fence: fence, info: InfoString(info), openingLine: openingLine, closingLine: closingLine,
                content: content)
            block.endsWithItsListItem = endsWithItem || (closingLine == nil && fence.containerIndentation > 0)
            blocks.append(block)
        }
        return blocks
    }

    /// A fence that opens on a list item's marker line (`- ```swift`, `2. ~~~`): the item's content column
    /// is the block's container indentation.
    static func listItemFence(_ text: String) -> (Fence, String)? {
        let characters = Array(text)
        var position = characters.prefix { $0 == " " }.count
        guard position <= 3, position < characters.count else { return nil }
        if "-+*".contains(characters[position]) {
            position += 1
        } else {
            let digits = characters[position...].prefix { $0.isASCII && $0.isNumber }.count
            guard (1...9).contains(digits), position + digits < characters.count,
                ".)".contains(characters[position + digits])
            else { return nil }
            position += digits + 1
        }
        let spaces = characters[position...].prefix { $0 == " " }.count
        guard (1...4).contains(spaces) else { return nil }
        let column = position + spaces
        guard let (fence, info) = openingFence(String(characters[column...])), fence.indentation == 0 else {
            return nil
        }
        return (
            Fence(character: fence.character, length: fence.length, indentation: 0, containerIndentation: column), info
        )
    }

    /// The fence and info string when `text` opens a fenced block.
    public static func openingFence(_ text: String) -> (Fence, String)? {
        let characters = Array(text)
        let indentation = characters.prefix { $0 == " " }.count
        guard indentation <= 3, indentation < characters.count else { return nil }
        let marker = characters[indentation]
        guard marker == "`" || marker == "~" else { return nil }
        let length = characters[indentation...].prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        let info = String(characters[(indentation + length)...]).trimmingSpaces()
        // A backtick fence's info string may not hold a backtick (it would be inline code).
        if marker == "`" && info.contains("`") { return nil }
        return (Fence(character: marker, length: length, indentation: indentation), info)
    }

    public static func isClosingFence(_ text: String, of fence: Fence) -> Bool {
        let characters = Array(text)
        let indentation = characters.prefix { $0 == " " }.count
        guard indentation <= 3 else { return false }
        let length = characters[indentation...].prefix { $0 == fence.character }.count
        guard length >= fence.length else { return false }
        return characters[(indentation + length)...].allSatisfy { $0 == " " || $0 == "\t" }
    }

    private static func removingIndentation(_ text: String, upTo count: Int) -> String {
        guard count > 0 else { return text }
        let spaces = text.prefix(count).prefix { $0 == " " }.count
        return String(text.dropFirst(spaces))
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (Foundation-free).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
