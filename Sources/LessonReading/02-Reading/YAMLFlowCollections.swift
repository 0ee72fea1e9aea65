/// Flow collections: `[a, b, "c, d"]` and `{a: 1, b: [x, y]}`, nested, over as many lines as they take; in
/// a list, `a: 1` is a map of one entry, and in a map a key without `:` has the empty text as its value.
package extension YAMLReader {
    /// The `[` or `{` collection at the reader, in a block collection indented `parent`; leaves the reader
    /// after its closing bracket. One never closed is reported at its opening line (only the innermost of
    /// those that end together) and ends where `moveToContinuationLine` stops.
    mutating func readFlowCollection(parent: Int, depth: Int) -> Value {
        let opener = lines[row].scalars[col]
        let openRow = row
        let isOutermost = flowOpeners.isEmpty
        defer { if isOutermost { flowCutOff = false } }
        valueCount += 1
        if depth >= Self.maximumDepth {
            report(row, "values nest more than \(Self.maximumDepth) levels deep here; this value is skipped")
            skipFlowCollection(parent: parent)
            return .text("")
        }
        flowOpeners.append((opener, lines[row].number))
        defer { flowOpeners.removeLast() }
        col += 1
        if opener == "[" { return readFlowSequence(openRow: openRow, parent: parent, depth: depth) }
        return readFlowMap(openRow: openRow, parent: parent, depth: depth)
    }

    private enum FlowToken { case entry, comma, end }

    private mutating func readFlowSequence(openRow: Int, parent: Int, depth: Int) -> Value {
        var items: [Value] = []
        var afterEntry = false
        while true {
            switch nextToken(closing: "]", openRow: openRow, parent: parent) {
            case .end:
                return .list(items)
            case .comma:
                if !afterEntry {
                    report(row, "unexpected ','; the list has an empty entry here")
                    items.append(.text(""))
                }
                afterEntry = false
            case .entry:
                if afterEntry {
                    report(
                        row, "expected ',' or ']' after an entry of the list, found '\(lines[row].excerpt(from: col))'")
                }
                let keyRow = row
                var item = readFlowNode(parent: parent, depth: depth + 1)
                if !flowCutOff, skipFlowSpace(parent: parent), current == ":" {
                    col += 1
                    let value = readFlowValue(parent: parent, depth: depth + 1)
                    valueCount += 1
                    item = .map([Entry(key: key(of: item, row: keyRow), value: value, line: lines[keyRow].number)])
                }
                items.append(item)
                if flowCutOff { return .list(items) }
                afterEntry = true
            }
        }
    }

    private mutating func readFlowMap(openRow: Int, parent: Int, depth: Int) -> Value {
        var entries: [Entry] = []
        var keyIndices: [String: Int] = [:]
        var afterEntry = false
        while true {
            switch nextToken(closing: "}", openRow: openRow, parent: parent) {
            case .end:
                return .map(entries)
            case .comma:
                if !afterEntry { report(row, "unexpected ','; the map has an empty entry here") }
                afterEntry = false
            case .entry:
                if afterEntry {
                    report(
                        row, "expected ',' or '}' after an entry of the map, found '\(lines[row].excerpt(from: col))'")
                }
                let keyRow = row
                let keyNode = readFlowNode(parent: parent, depth: depth + 1)
                var value = Value.text("")
                if !flowCutOff, skipFlowSpace(parent: parent), current == ":" {
                    col += 1
                    value = readFlowValue(parent: parent, depth: depth + 1)
                } else {
                    valueCount += 1
                }
                let key = key(of: keyNode, row: keyRow)
                add(
                    Entry(key: key, value: value, line: lines[keyRow].number), row: keyRow, to: &entries,
                    indices: &keyIndices)
                if flowCutOff { return .map(entries) }
                afterEntry = true
            }
        }
    }

    /// Moves to what comes next in the innermost collection: a comma (read), its closing bracket (read), the
    /// collection's end without one (reported), or an entry.
    private mutating func nextToken(closing: Unicode.Scalar, openRow: Int, parent: Int) -> FlowToken {
        while true {
            guard skipFlowSpace(parent: parent), let character = current else {
                reportNeverClosed(flowOpeners[flowOpeners.count - 1].opener, openRow)
                return .end
            }
            if character == closing {
                col += 1
                return .end
            }
            if character == "]" || character == "}" {
                if closesEnclosing(character) { return .end }
                continue
            }
            if character == "," {
                col += 1
                return .comma
            }
            return .entry
        }
    }

    /// A value inside a flow collection; the empty text when none is written before `,` `]` `}` or `: `.
    private mutating func readFlowNode(parent: Int, depth: Int) -> Value {
        let properties = readProperties()
        return anchoring(properties) { reader in
            guard reader.skipFlowSpace(parent: parent), let first = reader.current else {
                reader.valueCount += 1
                return .text("")
            }
            let line = reader.lines[reader.row]
            let isSeparated = Self.isFlowSeparated(line, after: reader.col)
            switch first {
            case "[", "{":
                return reader.readFlowCollection(parent: parent, depth: depth)
            case "\"", "'":
                return .text(reader.readQuoted(parent: parent))
            case "*":
                return reader.readAlias()
            case ",", "]", "}":
                reader.valueCount += 1
                return .text("")
            case ":" where isSeparated:
                reader.valueCount += 1
                return .text("")
            default:
                if first.cannotStartPlainScalar || (first == "-" || first == "?") && isSeparated {
                    reader.report(reader.row, "'\(first)' cannot start a plain value; quote the value")
                }
                return reader.readPlain(inFlow: true, parent: parent)
            }
        }
    }

    /// The value after a `:` inside a flow collection.
    private mutating func readFlowValue(parent: Int, depth: Int) -> Value {
        guard skipFlowSpace(parent: parent), let next = current, next != ",", next != "]", next != "}" else {
            valueCount += 1
            return .text("")
        }
        return readFlowNode(parent: parent, depth: depth)
    }

    /// The text of a key inside a flow collection; a list or a map is reported (unless it was cut off) and
    /// written as its summary.
    private mutating func key(of node: Value, row keyRow: Int) -> String {
        if case .text(let key) = node { return key }
        if !flowCutOff { report(keyRow, "a list or map cannot be a key") }
        return node.summary
    }

    /// Skips spaces, comments and line breaks inside a flow collection; false when the collection is cut off
    /// (see `moveToContinuationLine`).
    mutating func skipFlowSpace(parent: Int) -> Bool {
        while true {
            let line = lines[row]
            while col < line.count, line.scalars[col].isYAMLSpace { col += 1 }
            if col < line.count && !line.startsComment(at: col) { return true }
            guard moveToContinuationLine(parent: parent) else { return false }
        }
    }

    /// A `]` or `}` that does not close the innermost collection: when an enclosing one opened with its
    /// bracket, the innermost ends here (reported); otherwise it is reported and skipped.
    private mutating func closesEnclosing(_ closer: Unicode.Scalar) -> Bool {
        let opener: Unicode.Scalar = closer == "]" ? "[" : "{"
        let innermost = flowOpeners[flowOpeners.count - 1]
        if flowOpeners.dropLast().contains(where: { $0.opener == opener }) {
            report(row, "'\(closer)' does not close the '\(innermost.opener)' opened on line \(innermost.line)")
            return true
        }
        report(row, "unexpected '\(closer)': no '\(opener)' is open")
        col += 1
        return false
    }

    private mutating func reportNeverClosed(_ opener: Unicode.Scalar, _ openRow: Int) {
        guard !flowCutOff else { return }
        flowCutOff = true
        report(openRow, "the '\(opener)' opened here is never closed")
    }

    /// Skips the collection at the reader, nested too deep to read: to its closing bracket, counting brackets
    /// outside quotes and comments.
    private mutating func skipFlowCollection(parent: Int) {
        let opener = lines[row].scalars[col]
        let openRow = row
        var depth = 0
        var quote: Unicode.Scalar?
        while true {
            let line = lines[row]
            while col < line.count {
                let character = line.scalars[col]
                col += 1
                if let open = quote {
                    if open == "\"" && character == "\\" {
                        col += 1
                    } else if character == open {
                        quote = nil
                    }
                    continue
                }
                switch character {
                case "[", "{":
                    depth += 1
                case "]", "}":
                    depth -= 1
                    if depth == 0 { return }
                case "\"", "'":
                    // A quote opens a scalar where a value starts, not in the middle of plain text.
                    if line[col - 2].map({ $0.isYAMLSpace || $0.isFlowIndicator || $0 == ":" }) ?? true {
                        quote = character
                    }
                case "#" where line.startsComment(at: col - 1):
                    col = line.count
                default:
                    break
                }
            }
            guard moveToContinuationLine(parent: parent) else {
                reportNeverClosed(opener, openRow)
                return
            }
        }
    }
}
