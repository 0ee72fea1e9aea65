/// One line of front matter as `YAMLReader` reads it: its Unicode scalars (so that a quote followed by a
/// combining mark is still a quote) and where its content starts.
struct YAMLLine {
    /// 1-based line number in the file.
    let number: Int
    let scalars: [Unicode.Scalar]
    /// How many spaces and tabs come before the content; a tab counts as one column (and is a problem where
    /// it indents a key, a list item or a block scalar's line).
    let indent: Int
    /// Where the first tab among those leading characters is, if any.
    let firstTab: Int?

    init(_ line: SourceLine) {
        number = line.number
        scalars = Array(line.text.unicodeScalars)
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
    var spaceIndent: Int { firstTab ?? indent }

    var count: Int { scalars.count }
    /// Nothing but spaces and tabs.
    var isBlank: Bool { indent == scalars.count }
    /// A comment alone on its line.
    var isComment: Bool { indent < scalars.count && scalars[indent] == "#" }
    /// Neither blank nor a comment.
    var hasContent: Bool { !isBlank && !isComment }

    /// The scalar at `index`, nil past either end.
    subscript(index: Int) -> Unicode.Scalar? { index >= 0 && index < scalars.count ? scalars[index] : nil }

    func text(_ range: Range<Int>) -> String { String(yamlScalars: scalars[range]) }

    /// The text from `start` to the line's end without trailing spaces, cut to 40 characters, for a message.
    func excerpt(from start: Int) -> String {
        var end = scalars.count
        while end > start, scalars[end - 1].isYAMLSpace { end -= 1 }
        return excerpt(min(start, end)..<end)
    }

    /// The text of `range`, cut to 40 characters, for a message.
    func excerpt(_ range: Range<Int>) -> String {
        range.count > 40 ? text(range.lowerBound..<range.lowerBound + 39) + "…" : text(range)
    }

    /// Whether the scalar at `index` is followed by a space, a tab or the line end.
    func isSeparated(after index: Int) -> Bool { self[index + 1]?.isYAMLSpace ?? true }

    /// Whether `-` at `index` is a block sequence indicator: followed by a space, a tab or the line end.
    func isDash(at index: Int) -> Bool { self[index] == "-" && isSeparated(after: index) }

    /// Whether `#` at `index` starts a comment: at the line start or after a space or tab.
    func startsComment(at index: Int) -> Bool {
        self[index] == "#" && (index == 0 || scalars[index - 1].isYAMLSpace)
    }

    /// Whether `index` is at the line end or at a comment, so that nothing more is written on the line.
    func endsValue(at index: Int) -> Bool { index >= scalars.count || startsComment(at: index) }

    /// Where the `:` of an implicit key (`key: value`, `"quoted key": value`, `&anchor key:`) starting at
    /// `start` is, or nil when the line from `start` is not a key. Reads the line once.
    func implicitKeyColon(from start: Int) -> Int? {
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
    func propertyEnd(from start: Int) -> Int {
        var index = start + 1
        if scalars[start] == "!" && self[index] == "<" {
            while let character = self[index], character != ">" { index += 1 }
            return min(index + 1, scalars.count)
        }
        while let character = self[index], !character.isYAMLSpace, !character.isFlowIndicator { index += 1 }
        return index
    }

    /// The closing quote of the quoted scalar that opens at `start`, when it is on this line.
    func closingQuote(from start: Int) -> Int? {
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

extension Unicode.Scalar {
    var isYAMLSpace: Bool { self == " " || self == "\t" }

    var isFlowIndicator: Bool { self == "," || self == "[" || self == "]" || self == "{" || self == "}" }

    /// An indicator that a plain scalar cannot start with (`-`, `?` and `:` can, when no space follows).
    var cannotStartPlainScalar: Bool {
        isFlowIndicator || "#&*!|>'\"%@`".unicodeScalars.contains(self)
    }
}

extension String {
    /// The string of `scalars`, built through UTF-8 (appending slices of scalars to a string's scalar view
    /// takes time quadratic in its length).
    init(yamlScalars scalars: some Collection<Unicode.Scalar>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
