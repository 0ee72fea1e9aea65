package extension FrontMatter.Value {
    /// The value on one line, for listings: a scalar's text with its line breaks shown as `⏎` (trailing ones
    /// dropped), a list as `[hborla, heckj]`, a map as `{swift: 2.0, xcode: 11}`. Inside a list or a map, a
    /// text that is empty or holds `,` `:` or a bracket is quoted (`["c, d", ""]`). At most 80 characters:
    /// a longer summary is cut and ends with `…`, and only the part of the value it shows is visited.
    var summary: String {
        var writer = SummaryWriter()
        writer.write(self, nested: false)
        return writer.result
    }
}

/// Writes a summary up to one character past its limit, so that it knows whether to cut it.
private struct SummaryWriter {
    package static let limit = 80
    private var characters: [Character] = []

    package var isFull: Bool { characters.count > Self.limit }

    package var result: String {
        isFull ? String(characters.prefix(Self.limit - 1)) + "…" : String(characters)
    }

    package mutating func write(_ value: FrontMatter.Value, nested: Bool) {
        switch value {
        case .text(let text):
            write(text, nested: nested)
        case .list(let items):
            append("[")
            for (index, item) in items.enumerated() {
                if isFull { return }
                if index > 0 { append(", ") }
                write(item, nested: true)
            }
            append("]")
        case .map(let entries):
            append("{")
            for (index, entry) in entries.enumerated() {
                if isFull { return }
                if index > 0 { append(", ") }
                write(entry.key, nested: true)
                append(": ")
                write(entry.value, nested: true)
            }
            append("}")
        }
    }

    private mutating func write(_ text: String, nested: Bool) {
        var text = Substring(text)
        while let last = text.last, last.isNewline { text.removeLast() }
        let quoted = nested && (text.isEmpty || text.prefix(Self.limit).contains { ",:[]{}\"".contains($0) })
        if quoted { append("\"") }
        for character in text {
            if isFull { return }
            if character.isNewline {
                characters.append("⏎")
            } else if character == "\t" {
                characters.append(" ")
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                characters.append("\u{FFFD}")
            } else {
                characters.append(character)
            }
        }
        if quoted { append("\"") }
    }

    private mutating func append(_ text: String) {
        for character in text where !isFull { characters.append(character) }
    }
}
