/// One line of front matter as `YAMLReader` reads it: its Unicode scalars (so that a quote followed by a
/// combining mark is still a quote) and where its content starts.
package final class YAMLLine {
    /// 1-based line number in the file.
    package let number: Int
    package let scalars: [Unicode.Scalar]
    /// The line as read, for cutting text out of it without encoding it again.
    private let source: String
    /// Whether every scalar is one byte, so that a scalar's index is its UTF-8 offset.
    private let isASCII: Bool
    /// How many spaces and tabs come before the content; a tab counts as one column (and is a problem where
    /// it indents a key, a list item or a block scalar's line).
    package let indent: Int
    /// Where the first tab among those leading characters is, if any.
    package let firstTab: Int?

    package init(_ line: SourceLine) {
        number = line.number
        scalars = Array(line.text.unicodeScalars)
        source = line.text
        isASCII = scalars.count == line.text.utf8.count
        var indent = 0
        var firstTab: Int?
        while indent < scalars.count, scalars[indent].isYAMLSpace {
            if scalars[indent] == "\t" && firstTab == nil { firstTab = indent }
            indent += 1
        }
        self.indent = indent
        self.firstTab = firstTab
    }

    /// How many spaces come before the content or the first tab: the indentation YAML sees.
    package var spaceIndent: Int { firstTab ?? indent }

    package var count: Int { scalars.count }
    /// Nothing but spaces and tabs.
    package var isBlank: Bool { indent == scalars.count }
    /// A comment alone on its line.
    package var isComment: Bool { indent < scalars.count && scalars[indent] == "#" }
    /// Neither blank nor a comment.
    package var hasContent: Bool { !isBlank && !isComment }

    /// The scalar at `index`, nil past either end.
    package subscript(index: Int) -> Unicode.Scalar? { index >= 0 && index < scalars.count ? scalars[index] : nil }

    package func text(_ range: Range<Int>) -> String {
        guard isASCII else { return String(yamlScalars: scalars[range]) }
        let utf8 = source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(Substring(utf8[start..<utf8.index(start, offsetBy: range.count)]))
    }

    /// The text from `start` to the line's end without trailing spaces, cut to 40 characters, for a message.
    package func excerpt(from start: Int) -> String {
        var end = scalars.count
        while end > start, scalars[end - 1].isYAMLSpace { end -= 1 }
        return excerpt(min(start, end)..<end)
    }

    /// The text of `range`, cut to 40 characters, for a message.
    package func excerpt(_ range: Range<Int>) -> String {
        range.count > 40 ? text(range.lowerBound..<range.lowerBound + 39) + "…" : text(range)
    }

    /// Whether the scalar at `index` is followed by a space, a tab or the line end.
    package func isSeparated(after index: Int) -> Bool { self[index + 1]?.isYAMLSpace ?? true }

    /// Whether `-` at `index` is a block sequence indicator: followed by a space, a tab or the line end.
    package func isDash(at index: Int) -> Bool { self[index] == "-" && isSeparated(after: index) }

    /// Whether `#` at `index` starts a comment: at the line start or after a space or tab.
    package func startsComment(at index: Int) -> Bool {
        self[index] == "#" && (index == 0 || scalars[index - 1].isYAMLSpace)
    }

    /// Whether `index` is at the line end or at a comment, so that nothing more is written on the line.
    package func endsValue(at index: Int) -> Bool { index >= scalars.count || startsComment(at: index) }

    /// Where the `:` of an implicit key (`key: value`, `"quoted key": value`, `&anchor key:`) starting at
    /// `start` is, or nil when the line from `start` is not a key. Reads the line once.
    package func implicitKeyColon(from start: Int) -> Int? {
        var index = start
        // An anchor or a tag may come before the key.
        while let first = self[index], first == "&" || first == "!" {
            index = propertyEnd(from: index)
            while let character = self[index], character.isYAMLSpace { index += 1 }
        }
        guard let first = self[index] else { return nil }
        if first == "\"" || first == "'" {
            guard let close = closingQuote(from: index) else { return nil }
            index = close + 1
            while let character = self[index], character.isYAMLSpace { index += 1 }
            return self[index] == ":" && isSeparated(after: index) ? index : nil
        }
        if first.cannotStartPlainScalar { return nil }
        if first == "-" || first == "?" || first == ":", isSeparated(after: index) { return nil }
        index += 1
        while let character = self[index] {
            if character == ":" && isSeparated(after: index) { return index }
            if character == "#" && scalars[index - 1].isYAMLSpace { return nil }
            index += 1
        }
        return nil
    }

    /// Where the anchor (`&name`) or tag (`!tag`) that starts at `start` ends: at a space, a tab or a flow
    /// indicator, or after the `>` of a verbatim tag (`!<tag:yaml.org,2002:str>`).
    package func propertyEnd(from start: Int) -> Int {
        var index = start + 1
        if scalars[start] == "!" && self[index] == "<" {
            while let character = self[index], character != ">" { index += 1 }
            return min(index + 1, scalars.count)
        }
        while let character = self[index], !character.isYAMLSpace, !character.isFlowIndicator { index += 1 }
        return index
    }

    /// The closing quote of the quoted scalar that opens at `start`, when it is on this line.
    package func closingQuote(from start: Int) -> Int? {
        let quote = scalars[start]
        var index = start + 1
        while index < scalars.count {
            let character = scalars[index]
            if quote == "\"" && character == "\\" {
                index += 2
                continue
            }
            if character == quote {
                if quote == "'" && self[index + 1] == "'" {
                    index += 2
                    continue
                }
                return index
            }
            index += 1
        }
        return nil
    }
}

package extension Unicode.Scalar {
    var isYAMLSpace: Bool { self == " " || self == "\t" }

    var isFlowIndicator: Bool { self == "," || self == "[" || self == "]" || self == "{" || self == "}" }

    /// An indicator that a plain scalar cannot start with (`-`, `?` and `:` can, when no space follows).
    var cannotStartPlainScalar: Bool {
        isFlowIndicator || "#&*!|>'\"%@`".unicodeScalars.contains(self)
    }
}

package extension String {
    /// The string of `scalars`, built through UTF-8 (appending slices of scalars to a string's scalar view
    /// takes time quadratic in its length).
    init(yamlScalars scalars: some Collection<Unicode.Scalar>) {
        if let text = scalars.withContiguousStorageIfAvailable(String.init(encoding:)) {
            self = text
            return
        }
        self = Array(scalars).withUnsafeBufferPointer(String.init(encoding:))
    }

    /// The UTF-8 of `scalars` written straight into the string's storage: a scalar of a front matter may be
    /// megabytes long, and a loop of appends costs many times more.
    private init(encoding scalars: UnsafeBufferPointer<Unicode.Scalar>) {
        var size = 0
        for scalar in scalars { size += UTF8.width(scalar) }
        self.init(unsafeUninitializedCapacity: size) { bytes in
            var offset = 0
            for scalar in scalars {
                let value = scalar.value
                switch value {
                case 0..<0x80:
                    bytes[offset] = UInt8(value)
                    offset += 1
                case 0x80..<0x800:
                    bytes[offset] = UInt8(0xC0 | value >> 6)
                    bytes[offset + 1] = UInt8(0x80 | value & 0x3F)
                    offset += 2
                case 0x800..<0x10000:
                    bytes[offset] = UInt8(0xE0 | value >> 12)
                    bytes[offset + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                    bytes[offset + 2] = UInt8(0x80 | value & 0x3F)
                    offset += 3
                default:
                    bytes[offset] = UInt8(0xF0 | value >> 18)
                    bytes[offset + 1] = UInt8(0x80 | value >> 12 & 0x3F)
                    bytes[offset + 2] = UInt8(0x80 | value >> 6 & 0x3F)
                    bytes[offset + 3] = UInt8(0x80 | value & 0x3F)
                    offset += 4
                }
            }
            return offset
        }
    }
}
