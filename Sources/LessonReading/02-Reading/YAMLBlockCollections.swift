/// Block maps and lists, nested by indentation, and the value that follows a key or a list item's `-`.
package extension YAMLReader {
    /// Where a value is written, which decides what it may be.
    enum Place {
        /// After `key:`; a list may start on the next line at the key's indentation.
        case mapValue
        /// After `- `; a key (`- name: x`) or another `- ` on the same line starts a nested block.
        case sequenceItem
        /// At the start of its own line, below a key or a `-`.
        case ownLine
    }

    /// The top-level map: every entry of the front matter, in file order.
    mutating func readDocument() -> [Entry] {
        guard let first = nextContentRow(from: 0) else { return [] }
        enter(row: first)
        guard case .map(let entries) = readBlockMap(indent: lines[first].indent, depth: 0, isTop: true) else {
            return []
        }
        return entries
    }

    /// A map whose keys are indented `indent`; the reader is at its first key. The top-level map reads to the
    /// end, reporting lines indented less than it; a nested one ends at a line indented less.
    mutating func readBlockMap(indent: Int, depth: Int, isTop: Bool = false) -> Value {
        if depth >= Self.maximumDepth { return skipTooDeep(indent: indent) }
        var entries: [Entry] = []
        var keyIndices: [String: Int] = [:]
        while true {
            if let key = readKey() {
                let value = readNode(.mapValue, parent: indent, depth: depth + 1)
                let entry = Entry(key: key.text, value: value, line: lines[key.row].number)
                add(entry, row: key.row, to: &entries, indices: &keyIndices)
            } else {
                let badRow = row
                let found = lines[row].excerpt(from: col)
                let message =
                    if lines[row].isDash(at: col) {
                        "list item '\(found)' does not belong to a key"
                    } else if lines[row][col] == "?" && lines[row].isSeparated(after: col) {
                        "explicit keys ('? ') are not supported; write 'key: value'"
                    } else {
                        "expected 'key: value', found '\(found)'"
                    }
                let skipped = skipLines(deeperThan: indent)
                report(badRow, message + Self.skippedNote(skipped))
            }
            guard let next = nextRow(atIndent: indent, isTop: isTop) else { break }
            enter(row: next)
        }
        valueCount += 1
        return .map(entries)
    }

    /// A list whose `-` are indented `indent`; the reader is at its first `-`. A list beside its key (`key:`
    /// then `- a` at the key's indentation) ends at the first line that is not an item.
    mutating func readBlockSequence(indent: Int, depth: Int, besideKey: Bool) -> Value {
        if depth >= Self.maximumDepth { return skipTooDeep(indent: indent, besideKey: besideKey) }
        var items: [Value] = []
        reading: while true {
            col += 1
            items.append(readNode(.sequenceItem, parent: indent, depth: depth + 1))
            while let next = nextRow(atIndent: indent, isTop: false) {
                if lines[next].isDash(at: indent) {
                    enter(row: next)
                    continue reading
                }
                if besideKey {
                    row = next
                    break
                }
                enter(row: next)
                let found = lines[next].excerpt(from: col)
                let skipped = skipLines(deeperThan: indent)
                report(next, "expected '- item' in the list, found '\(found)'" + Self.skippedNote(skipped))
            }
            break
        }
        valueCount += 1
        return .list(items)
    }

    /// The next line with content at `indent`; lines indented more (whose value above is complete) are
    /// reported and skipped. Nil at a line indented less, where the reader stays, or at the end.
    private mutating func nextRow(atIndent indent: Int, isTop: Bool) -> Int? {
        while let next = nextContentRow(from: row) {
            let nextIndent = lines[next].indent
            if nextIndent == indent { return next }
            row = next
            col = 0
            if nextIndent < indent && !isTop { return nil }
            let tab = lines[next].firstTab == nil ? "" : " (a tab counts as one; indent with spaces)"
            let skipped = skipLines(deeperThan: indent)
            report(
                next,
                "indentation of \(Self.spaces(nextIndent)) matches no open level" + tab + Self.skippedNote(skipped))
        }
        row = lines.count
        col = 0
        return nil
    }

    /// Reads `key:` at the reader, leaving it after the colon; nil, without moving, when the line is not a key.
    private mutating func readKey() -> (text: String, row: Int)? {
        let line = lines[row]
        guard let colon = line.implicitKeyColon(from: col) else { return nil }
        let keyRow = row
        let properties = readProperties()
        skipSpaces()
        let key: String
        if let quote = current, quote == "\"" || quote == "'" {
            // The closing quote is on this line: `implicitKeyColon` found it.
            key = readQuoted(parent: line.indent)
        } else {
            var end = colon
            while end > col, line.scalars[end - 1].isYAMLSpace { end -= 1 }
            key = line.text(col..<end)
        }
        row = keyRow
        col = colon + 1
        if let anchor = properties.anchor { anchors[anchor] = (.text(key), 1) }
        return (key, keyRow)
    }

    /// The value at the reader, after `key:` or `-` or at the start of its line, inside a block collection
    /// indented `parent`; a value that goes on over lines goes on at lines indented more. Leaves the reader at
    /// the start of the first line it did not read.
    mutating func readNode(_ place: Place, parent: Int, depth: Int) -> Value {
        skipSpaces()
        let line = lines[row]
        if place != .mapValue, col < line.count {
            if line.isDash(at: col) { return readBlockSequence(indent: col, depth: depth, besideKey: false) }
            if line.implicitKeyColon(from: col) != nil { return readBlockMap(indent: col, depth: depth) }
        }
        let properties = readProperties()
        skipSpaces()
        return anchoring(properties) { reader in
            guard line.endsValue(at: reader.col) else {
                return reader.readValueOnLine(place, parent: parent, depth: depth)
            }
            reader.row += 1
            reader.col = 0
            return reader.readNodeBelow(place, parent: parent, depth: depth)
        }
    }

    /// The value of a key or an item with nothing after it on its line: the lines indented more below it, a
    /// list beside a key, or else the empty text.
    private mutating func readNodeBelow(_ place: Place, parent: Int, depth: Int) -> Value {
        if let next = nextContentRow(from: row) {
            let line = lines[next]
            if line.indent > parent {
                enter(row: next)
                return readNode(.ownLine, parent: parent, depth: depth)
            }
            if place == .mapValue, line.indent == parent, line.isDash(at: parent) {
                enter(row: next)
                return readBlockSequence(indent: parent, depth: depth, besideKey: true)
            }
        }
        valueCount += 1
        return .text("")
    }

    /// A scalar, a flow collection or an alias that starts on the reader's line.
    private mutating func readValueOnLine(_ place: Place, parent: Int, depth: Int) -> Value {
        let line = lines[row]
        let first = line.scalars[col]
        switch first {
        case "|", ">":
            return readBlockScalar(parent: parent)
        case "[", "{":
            let value = readFlowCollection(parent: parent, depth: depth)
            finishLine(after: "the closing '\(first == "[" ? "]" : "}")'")
            return value
        case "\"", "'":
            let value = Value.text(readQuoted(parent: parent))
            finishLine(after: "the closing quote")
            return value
        case "*":
            let value = readAlias()
            finishLine(after: "the alias")
            return value
        default:
            break
        }
        if first == "-" && line.isSeparated(after: col) {
            if place == .mapValue {
                report(row, "a list cannot start on the line of its key; put '- …' on the next line, indented")
            }
            return readBlockSequence(indent: col, depth: depth, besideKey: false)
        }
        if first == "?" && line.isSeparated(after: col) {
            let keyRow = row
            let skipped = skipLines(deeperThan: parent)
            report(keyRow, "explicit keys ('? ') are not supported; write 'key: value'" + Self.skippedNote(skipped))
            valueCount += 1
            return .text("")
        }
        if first.cannotStartPlainScalar || first == ":" && line.isSeparated(after: col) {
            report(row, "'\(first)' cannot start a plain value; quote the value")
        }
        let value = readPlain(inFlow: false, parent: parent, isMapValue: place == .mapValue)
        finishLine(after: "the value")
        return value
    }

    /// A collection nested deeper than `maximumDepth`: reported, and skipped with the lines under it.
    private mutating func skipTooDeep(indent: Int, besideKey: Bool = false) -> Value {
        report(row, "values nest more than \(Self.maximumDepth) levels deep here; this value is skipped")
        row += 1
        while row < lines.count {
            let line = lines[row]
            guard
                !line.hasContent || line.indent > indent
                    || line.indent == indent && (!besideKey || line.isDash(at: indent))
            else { break }
            row += 1
        }
        col = 0
        valueCount += 1
        return .text("")
    }
}
