/// Single-quoted (`''` is a quote) and double-quoted scalars (with YAML's escapes), on one line or folded
/// over several: a line break is a space, each blank line a line break, the spaces around a break are not
/// content, and in double quotes a `\` at the end of a line joins the lines without a space.
package extension YAMLReader {
    /// The quoted scalar at the reader's quote; leaves the reader after the closing quote. A scalar never
    /// closed is reported at its opening line and ends where `moveToContinuationLine` stops, with what it holds.
    mutating func readQuoted(parent: Int) -> String {
        let quote = lines[row].scalars[col]
        let openRow = row
        col += 1
        var text = [Unicode.Scalar]()
        // Spaces and tabs read but not yet known to be content: they are not when a line break follows.
        var spaces = [Unicode.Scalar]()
        while true {
            let line = lines[row]
            var escapedBreak = false
            while col < line.count {
                let character = line.scalars[col]
                if character.isYAMLSpace {
                    spaces.append(character)
                    col += 1
                    continue
                }
                text.append(contentsOf: spaces)
                spaces.removeAll()
                if character == quote {
                    col += 1
                    guard quote == "'" && line[col] == "'" else {
                        valueCount += 1
                        return String(yamlScalars: text)
                    }
                    text.append("'")
                    col += 1
                } else if quote == "\"" && character == "\\" {
                    if col + 1 == line.count {
                        escapedBreak = true
                        col += 1
                    } else {
                        appendEscape(to: &text)
                    }
                } else {
                    text.append(character)
                    col += 1
                }
            }
            spaces.removeAll()
            guard let blankLines = moveToNextLineOfQuote(parent: parent) else {
                let name = quote == "'" ? "single" : "double"
                report(openRow, "the \(name) quote opened here is never closed")
                if !flowOpeners.isEmpty { flowCutOff = true }
                valueCount += 1
                return String(yamlScalars: text)
            }
            if blankLines == 0 && !escapedBreak { text.append(" ") }
            for _ in 0..<blankLines { text.append("\n") }
        }
    }

    /// Moves to the content of the next line that goes on with a quoted scalar; returns how many blank lines
    /// came before it, or nil when the scalar is cut off.
    private mutating func moveToNextLineOfQuote(parent: Int) -> Int? {
        var blankLines = 0
        while moveToContinuationLine(parent: parent) {
            let line = lines[row]
            if line.isBlank {
                blankLines += 1
                continue
            }
            col = line.indent
            return blankLines
        }
        return nil
    }

    private static let escapes: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
        "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
        "L": "\u{2028}", "P": "\u{2029}",
    ]

    /// The escape at the reader's `\` (not the line's last scalar). One YAML does not define is reported and
    /// kept as written.
    private mutating func appendEscape(to text: inout [Unicode.Scalar]) {
        let line = lines[row]
        let letter = line.scalars[col + 1]
        if let escaped = Self.escapes[letter] {
            text.append(escaped)
            col += 2
            return
        }
        let digits = letter == "x" ? 2 : letter == "u" ? 4 : letter == "U" ? 8 : 0
        let end = col + 2 + digits
        if digits == 0 {
            report(row, "unsupported escape '\\\(letter)' in a double-quoted value")
        } else if end > line.count || !line.scalars[col + 2..<end].allSatisfy(\.properties.isASCIIHexDigit) {
            report(row, "escape '\\\(letter)' needs \(digits) hexadecimal digits")
        } else if let scalar = UInt32(line.text(col + 2..<end), radix: 16).flatMap(Unicode.Scalar.init) {
            text.append(scalar)
            col = end
            return
        } else {
            report(row, "escape '\\\(letter)\(line.text(col + 2..<end))' is not a Unicode scalar value")
        }
        text.append("\\")
        text.append(letter)
        col += 2
    }
}
