/// Plain (unquoted) scalars: `https://x` and `C#` are plain text, since only `: ` and ` #` (and, inside a
/// flow collection, `,[]{}`) end one. A plain scalar goes on over the lines below it that continue it, folded:
/// a line break is a space, each blank line a line break.
package extension YAMLReader {
    private enum PlainEnd { case lineEnd, colon, comment, flowIndicator }

    /// The plain scalar at the reader, inside a flow collection or not, in a block collection indented
    /// `parent`. After a key (`isMapValue`), a `: ` in the value is reported and kept. Leaves the reader after
    /// the scalar's last character.
    mutating func readPlain(inFlow: Bool, parent: Int, isMapValue: Bool = false) -> Value {
        var line = lines[row]
        var (end, stop) = Self.scanPlain(line, from: col, inFlow: inFlow, keepingColons: false)
        if stop == .colon && isMapValue && !inFlow {
            (end, stop) = Self.scanPlain(line, from: col, inFlow: false, keepingColons: true)
            report(row, "value '\(line.excerpt(col..<end))' contains ': '; quote it")
        }
        var text = line.text(col..<end)
        col = end
        var blankLines = 0
        var next = row + 1
        while stop == .lineEnd, next < lines.count {
            line = lines[next]
            if line.isBlank {
                blankLines += 1
                next += 1
                continue
            }
            guard continuesPlain(next, inFlow: inFlow, parent: parent) else { break }
            (end, stop) = Self.scanPlain(line, from: line.indent, inFlow: inFlow, keepingColons: false)
            text += blankLines == 0 ? " " : String(repeating: "\n", count: blankLines)
            text += line.text(line.indent..<end)
            row = next
            col = end
            blankLines = 0
            next += 1
        }
        valueCount += 1
        return .text(text)
    }

    /// Whether the line `row` (not blank) goes on with a plain scalar above it.
    private func continuesPlain(_ row: Int, inFlow: Bool, parent: Int) -> Bool {
        let line = lines[row]
        if line.isComment { return false }
        let first = line.scalars[line.indent]
        if inFlow {
            if isEntryOfEnclosingBlock(row, parent: parent) { return false }
            return !first.isFlowIndicator && !(first == ":" && Self.isFlowSeparated(line, after: line.indent))
        }
        // A key below a value is not part of it (YAML reads it as an error, the reader as misindented).
        return line.indent > parent && line.implicitKeyColon(from: line.indent) == nil
    }

    /// Where the plain text that starts at `start` (whose first scalar is taken as is) ends, and why. Read
    /// through the line's buffer: a plain scalar may be the whole of a long line.
    private static func scanPlain(
        _ line: YAMLLine, from start: Int, inFlow: Bool, keepingColons: Bool
    ) -> (end: Int, stop: PlainEnd) {
        line.scalars.withUnsafeBufferPointer { scalars in
            var index = start + 1
            var end = index
            while index < scalars.count {
                let character = scalars[index]
                if character == ":" && !keepingColons {
                    let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                    if next == nil || next!.isYAMLSpace || (inFlow && next!.isFlowIndicator) { return (end, .colon) }
                }
                if character == "#" && scalars[index - 1].isYAMLSpace { return (end, .comment) }
                if inFlow && character.isFlowIndicator { return (end, .flowIndicator) }
                index += 1
                if !character.isYAMLSpace { end = index }
            }
            return (end, .lineEnd)
        }
    }

    /// Whether the scalar at `index` is followed by a space, a tab, a flow indicator or the line end.
    static func isFlowSeparated(_ line: YAMLLine, after index: Int) -> Bool {
        line.isSeparated(after: index) || line[index + 1]?.isFlowIndicator == true
    }
}
