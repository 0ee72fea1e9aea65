/// Block scalars: `|` keeps the lines as written, `>` folds them (a line break between two lines that are not
/// indented more is a space; blank lines, and the breaks around more-indented lines, are kept). The header may
/// say how the end is chomped (`-` drops the last line break, `+` keeps the trailing blank lines as well; by
/// default one line break is kept) and how far the text is indented (`|2`: two columns more than the
/// collection around it; otherwise as far as its first line that is not blank).
package extension YAMLReader {
    private enum Chomping { case strip, clip, keep }

    /// The block scalar whose `|` or `>` is at the reader, in a block collection indented `parent`; leaves the
    /// reader at the start of the first line after its text.
    mutating func readBlockScalar(parent: Int) -> Value {
        let (isFolded, chomping, explicitIndent) = readBlockScalarHeader()
        let indent = contentIndent(parent: parent, explicit: explicitIndent)
        var text = [Unicode.Scalar]()
        var hasText = false
        var previousIsMoreIndented = false
        var blankLines = 0
        while row < lines.count {
            let line = lines[row]
            // A line of spaces is a line break; only its spaces past the indentation, after some text, are text.
            if line.isBlank && (line.count <= indent || !hasText || (line.firstTab ?? indent) < indent) {
                blankLines += 1
            } else if line.indent >= indent || line.isBlank {
                if let tab = line.firstTab, tab < indent { reportTab(row) }
                let content = line.scalars[indent...]
                let isMoreIndented = content.first?.isYAMLSpace ?? false
                if hasText {
                    if !isFolded || previousIsMoreIndented || isMoreIndented {
                        text.append("\n")
                    } else if blankLines == 0 {
                        text.append(" ")
                    }
                }
                for _ in 0..<blankLines { text.append("\n") }
                text.append(contentsOf: content)
                hasText = true
                previousIsMoreIndented = isMoreIndented
                blankLines = 0
            } else {
                break
            }
            row += 1
        }
        if hasText && chomping != .strip { text.append("\n") }
        if chomping == .keep {
            for _ in 0..<blankLines { text.append("\n") }
        }
        valueCount += 1
        return .text(String(yamlScalars: text))
    }

    /// The header of a block scalar, from its `|` or `>` to the end of its line: whether it folds, how it is
    /// chomped, and the indentation it states; leaves the reader at the start of the next line.
    private mutating func readBlockScalarHeader() -> (isFolded: Bool, chomping: Chomping, explicitIndent: Int?) {
        let header = lines[row]
        let isFolded = header.scalars[col] == ">"
        col += 1
        var chomping = Chomping.clip
        var explicitIndent: Int?
        var readChomping = false
        var readIndent = false
        while let character = current {
            if (character == "-" || character == "+") && !readChomping {
                chomping = character == "-" ? .strip : .keep
                readChomping = true
            } else if ("0"..."9").contains(character) && !readIndent {
                if character == "0" { report(row, "a block scalar's indentation indicator is 1 to 9, not 0") }
                explicitIndent = Int(character.value - 48)
                readIndent = true
            } else {
                break
            }
            col += 1
        }
        skipSpaces()
        if !header.endsValue(at: col) {
            report(
                row,
                "unexpected text '\(header.excerpt(from: col))' after '\(isFolded ? ">" : "|")'; "
                    + "the text of a block scalar goes on the lines below")
        }
        row += 1
        col = 0
        return (isFolded, chomping, explicitIndent)
    }

    /// How far a block scalar's text starting at the reader's line is indented.
    private func contentIndent(parent: Int, explicit: Int?) -> Int {
        if let explicit { return parent + explicit }
        var next = row
        while next < lines.count && lines[next].isBlank { next += 1 }
        guard next < lines.count else { return parent + 1 }
        return max(lines[next].indent, parent + 1)
    }
}
