/// Finds the fenced code blocks of a Markdown document, following CommonMark: backtick or tilde fences of
/// three or more characters, indented by at most three spaces; a closing fence of the same character at least
/// as long, with nothing but spaces after it; content lines lose up to the opening fence's indentation.
///
/// Fences nested in block quotes or list items are read only when they start within three spaces of the
/// margin, which is how lessons write them.
public enum FenceScanner {
    public static func blocks(in lines: ArraySlice<SourceLine>) -> [FencedBlock] {
        var blocks: [FencedBlock] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            guard let (fence, info) = openingFence(lines[index].text) else {
                index += 1
                continue
            }
            let openingLine = lines[index].number
            var content: [SourceLine] = []
            var closingLine: Int?
            index += 1
            while index < lines.endIndex {
                let line = lines[index]
                index += 1
                if isClosingFence(line.text, of: fence) {
                    closingLine = line.number
                    break
                }
                var stripped = line
                stripped.text = removingIndentation(line.text, upTo: fence.indentation)
                content.append(stripped)
            }
            blocks.append(
                FencedBlock(
                    fence: fence, info: InfoString(info), openingLine: openingLine, closingLine: closingLine,
                    content: content))
        }
        return blocks
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
