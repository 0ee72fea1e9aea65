/// The expected output a scenario states in its own comments instead of an expected block:
///
/// - `// Prints "TEXT"` (Apple's convention), alone on its line or after code (`print(x) // Prints "5"`):
///   one expected line, the text between the opening quote and the first quote that ends the line or is
///   followed by `.`, `,` or `;` and then the end of the line or a word of prose, else the last quote of the
///   line, with `\"` and `\\` decoded (any other backslash is kept as written; quotes inside need no escape). What follows
///   the closing quote (a period, prose) is not part of it.
/// - `// Prints: TEXT` (the form of many courses: `// Çıktı: 4`), alone or after code: one expected line, the
///   text after the colon as written, or, when it starts with a quote, read as the quoted form reads it.
/// - `// prints:` or `// Prints:` alone on its line (Exercism's form), or `// Prints two lines:` (a comment
///   alone that starts with the marker, counts the lines and ends with a colon, as books write it, when that
///   many lines follow), then the `//` comment lines
///   right below it: one expected line each, the text after `//` and one space (`//` alone is an empty line),
///   up to the first line that is not a comment alone on its line.
///
/// The marker is the lesson's `prints-marker` (`Çıktı`: `// Çıktı "…"`, `// Çıktı: 4`, `// Çıktı:`), `Prints`
/// by default. Only real comments count: `//` inside a string literal (single-line, multi-line, raw) or inside
/// a block comment starts none.
package struct OutputComments: Hashable, Sendable {
    /// One expected line and the comment that states it.
    package struct Line: Hashable, Sendable {
        package enum Form: Hashable, Sendable {
            /// `// Prints "TEXT"`, or `// Prints: "TEXT"`.
            case quoted
            /// `// Prints: TEXT`: the text after the colon, as written.
            case plain
            /// A `// LINE` under `// prints:`.
            case listed
        }

        /// The Markdown line of the comment.
        package var number: Int
        /// The expected line.
        package var text: String
        package var form: Form
        /// For a quoted text, the comment as written after the marker (its quotes, and what follows them,
        /// trailing spaces aside): a printed line equal to it is the line the comment states too. A comment
        /// may quote the output itself (`// Prints "Hello", he said.` for `print(#""Hello", he said."#)`),
        /// which the rule for the closing quote cannot tell from prose after it.
        package var asWritten: String? = nil
        /// Where a rewrite goes in the line's content, in UTF-8 bytes: the text between the quotes as written
        /// (escapes included), the text after the colon, or everything after the `//` of a listed line.
        package var range: Range<Int>
    }

    /// The marker when the front matter names none.
    package static let defaultMarker = "Prints"

    /// The expected lines, in file order.
    package var lines: [Line]
    /// The Markdown lines of the `// prints:` (and `// Prints two lines:`) markers.
    package var markers: [Int]

    /// The expected lines' texts.
    package var texts: [String] { lines.map(\.text) }
    /// Every Markdown line that holds an output comment, the markers included, in order.
    package var commentLines: [Int] { (lines.map(\.number) + markers).sorted() }
    /// The first and the last Markdown line that hold an output comment.
    package var firstLine: Int { commentLines.first ?? 0 }
    package var lastLine: Int { commentLines.last ?? 0 }

    /// The output comments of a scenario's content lines; nil when it has none.
    package static func read(_ content: [SourceLine], marker: String = defaultMarker) -> OutputComments? {
        let comments = LineComments.scan(content.map(\.text))
        // The list's marker and the colon form may start with a lowercase letter (Exercism's `// prints:`).
        let lowered = String(marker.prefix(1)).lowercased() + String(marker.dropFirst())
        let markers = lowered == marker ? [marker] : [marker, lowered]
        var lines: [Line] = []
        var listMarkers: [Int] = []
        var index = 0
        while index < content.count {
            defer { index += 1 }
            guard let comment = comments[index] else { continue }
            let bytes = Array(content[index].text.utf8)
            let body = String(decoding: bytes[(comment.start + 2)...], as: UTF8.self).trimmingSpaces()
            if comment.alone, markers.contains(where: { body == $0 + ":" }) {
                listMarkers.append(content[index].number)
            } else if let line = quoted(content[index], bytes: bytes, commentStart: comment.start, marker: marker) {
                lines.append(line)
                continue
            } else if comment.alone, let count = wordedListCount(body, markers: markers),
                listedLines(below: index, comments: comments, count: content.count) == count
            {
                listMarkers.append(content[index].number)
            } else if let line = afterColon(content[index], bytes: bytes, commentStart: comment.start, markers: markers)
            {
                lines.append(line)
                continue
            } else {
                continue
            }
            while index + 1 < content.count, let next = comments[index + 1], next.alone {
                index += 1
                lines.append(listed(content[index], commentStart: next.start))
            }
        }
        return lines.isEmpty && listMarkers.isEmpty ? nil : OutputComments(lines: lines, markers: listMarkers)
    }

    /// `Prints two lines:`: a marker, a space or a tab, words, and a colon that ends the comment, where one
    /// word is a count (`2`, or an English number word up to twelve); the count, or nil. Unlike `// prints:`,
    /// it reads as prose too, so it is a list's marker only when exactly that many listed lines follow it.
    private static func wordedListCount(_ body: String, markers: [String]) -> Int? {
        guard body.hasSuffix(":"), !body.contains("\"") else { return nil }
        for marker in markers where body.starts(with: marker) {
            let after = body.dropFirst(marker.count)
            guard after.first == " " || after.first == "\t" else { continue }
            let words = after.dropLast().split { $0 == " " || $0 == "\t" }.map { $0.lowercased() }
            let counts = words.compactMap { Int($0) ?? numberWords.firstIndex(of: $0) }
            if counts.count == 1 { return counts[0] }
        }
        return nil
    }

    private static let numberWords = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ]

    /// How many comments alone on their lines follow line `index`, up to the first line that is not one.
    private static func listedLines(below index: Int, comments: [LineComments.Comment?], count: Int) -> Int {
        var next = index + 1
        while next < count, comments[next]?.alone == true { next += 1 }
        return next - index - 1
    }

    /// A `// LINE` of the listed form: the text after `//` and one space.
    private static func listed(_ line: SourceLine, commentStart: Int) -> Line {
        let bytes = Array(line.text.utf8)
        let afterSlashes = commentStart + 2
        let start =
            afterSlashes < bytes.count && bytes[afterSlashes] == UInt8(ascii: " ") ? afterSlashes + 1 : afterSlashes
        return Line(
            number: line.number, text: String(decoding: bytes[start...], as: UTF8.self), form: .listed,
            range: afterSlashes..<bytes.count)
    }

    /// `// MARKER "TEXT"`: the marker, at least one space or tab, then a quoted text that is closed on the line.
    private static func quoted(_ line: SourceLine, bytes: [UInt8], commentStart: Int, marker: String) -> Line? {
        guard var position = afterMarker(bytes, from: commentStart + 2, marker: marker) else { return nil }
        let spaces = position
        position = skippingSpaces(bytes, from: position)
        guard position > spaces, position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        return quotedText(line, bytes: bytes, open: position + 1)
    }

    /// `// MARKER: TEXT`: the marker, a colon, at least one space or tab, then a text: quoted (read as the
    /// quoted form reads it) or as written up to the end of the line, trailing spaces aside.
    private static func afterColon(_ line: SourceLine, bytes: [UInt8], commentStart: Int, markers: [String]) -> Line? {
        guard
            var position = markers.lazy.compactMap({ afterMarker(bytes, from: commentStart + 2, marker: $0) }).first,
            position < bytes.count, bytes[position] == UInt8(ascii: ":")
        else { return nil }
        position += 1
        let spaces = position
        position = skippingSpaces(bytes, from: position)
        let end = endSkippingTrailingSpaces(bytes, from: position)
        guard position > spaces, position < end else { return nil }
        if bytes[position] == UInt8(ascii: "\""), let line = quotedText(line, bytes: bytes, open: position + 1) {
            return line
        }
        return Line(
            number: line.number, text: String(decoding: bytes[position..<end], as: UTF8.self), form: .plain,
            range: position..<end)
    }

    /// The offset right after `marker` when the comment's text, after spaces or tabs, starts with it.
    private static func afterMarker(_ bytes: [UInt8], from start: Int, marker: String) -> Int? {
        let position = skippingSpaces(bytes, from: start)
        // The marker is compared as text, so that an NFD spelling of `Çıktı` is the NFC one.
        let rest = String(decoding: bytes[position...], as: UTF8.self)
        guard rest.starts(with: marker) else { return nil }
        let end = rest.index(rest.startIndex, offsetBy: marker.count)
        return position + rest.utf8.distance(from: rest.startIndex, to: end)
    }

    /// The end of the line's bytes without its trailing spaces and tabs, never before `start`.
    private static func endSkippingTrailingSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var end = bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return end
    }

    private static func skippingSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var position = start
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
        return position
    }

    /// The quoted text that starts at `open`, right after its opening quote, with the comment as written from
    /// that quote on; nil when no quote closes it.
    private static func quotedText(_ line: SourceLine, bytes: [UInt8], open: Int) -> Line? {
        guard var quoted = quotedTextOnly(line, bytes: bytes, open: open) else { return nil }
        let end = endSkippingTrailingSpaces(bytes, from: open)
        quoted.asWritten = String(decoding: bytes[(open - 1)..<end], as: UTF8.self)
        return quoted
    }

    private static func quotedTextOnly(_ line: SourceLine, bytes: [UInt8], open: Int) -> Line? {
        // The text ends at the first quote that ends the line, or that a period, comma, semicolon or colon
        // follows, then the end of the line or a space and prose: quotes inside the text need no escape, as
        // books write them (`// Prints "["a", "b"]".`, `// Prints "hello, world", because "world" …`).
        var text: [UInt8] = []
        var lastQuote: (position: Int, length: Int)?
        var position = open
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\"), position + 1 < bytes.count,
                bytes[position + 1] == UInt8(ascii: "\"") || bytes[position + 1] == UInt8(ascii: "\\")
            {
                text.append(bytes[position + 1])
                position += 2
                continue
            }
            if byte == UInt8(ascii: "\""), Self.endsText(bytes[(position + 1)...]) {
                return Line(
                    number: line.number, text: String(decoding: text, as: UTF8.self), form: .quoted,
                    range: open..<position)
            }
            if byte == UInt8(ascii: "\"") { lastQuote = (position, text.count) }
            text.append(byte)
            position += 1
        }
        // No quote closes it so: the last one does (`// Prints "5" because …`).
        guard let lastQuote else { return nil }
        return Line(
            number: line.number, text: String(decoding: text[..<lastQuote.length], as: UTF8.self), form: .quoted,
            range: open..<lastQuote.position)
    }

    /// Whether a quote followed by `rest` closes the text: nothing follows, or `.`, `,` or `;` and then
    /// nothing or a space and a word of prose (not a quote, a digit or a bracket: `", "b"]` and `", 2]` are
    /// inside a collection's description).
    private static func endsText(_ rest: ArraySlice<UInt8>) -> Bool {
        let trailing = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = trailing.first else { return true }
        guard [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";")].contains(first) else { return false }
        let after = trailing.dropFirst()
        guard let next = after.first else { return true }
        guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") else { return false }
        let word = String(decoding: after.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        return word.first?.isLetter ?? true
    }

    /// The expected lines against what a program printed: each comment's text, or the comment as written where
    /// the printed line it is compared with is that (see `Line.asWritten`). Line for line, or, `inOrder`, each
    /// comment against the first printed line after the previous comment's that either reading matches.
    package func expectedLines(for printed: [String], inOrder: Bool) -> [String] {
        var expected = texts
        var cursor = 0
        for (index, line) in lines.enumerated() {
            if inOrder {
                guard
                    let found = printed[cursor...].firstIndex(where: { $0 == line.text || $0 == line.asWritten })
                else { break }
                if printed[found] != line.text { expected[index] = printed[found] }
                cursor = found + 1
            } else if index < printed.count, printed[index] != line.text, printed[index] == line.asWritten {
                expected[index] = printed[index]
            }
        }
        return expected
    }

    /// `text` as a `// Prints "…"` comment holds it: `\` and `"` escaped.
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// `text` after a `// Prints:` colon, written so that it reads back as itself: as it is, or in quotes
    /// when it is empty, starts with a quote, or starts or ends with a space or a tab.
    package static func plainText(_ text: String) -> String {
        let spaces: Set<Character> = [" ", "\t"]
        guard let first = text.first, let last = text.last, first != "\"", !spaces.contains(first),
            !spaces.contains(last)
        else { return "\"" + escaped(text) + "\"" }
        return text
    }

    /// The scenario's content lines with each comment that states another line than `actual` rewritten to
    /// state it, every other byte kept; nil when `actual` has another number of lines than there are
    /// comments (which comment a line belongs to cannot be known).
    package func rewriting(_ content: [SourceLine], to actual: [String]) -> [String]? {
        guard actual.count == lines.count else { return nil }
        var texts = content.map(\.text)
        let indexOfLine = Dictionary(
            content.enumerated().map { ($0.element.number, $0.offset) }, uniquingKeysWith: { first, _ in first })
        // From the right, so that a second comment on a line keeps its range.
        for (line, new) in zip(lines, actual).reversed() where line.text != new && line.asWritten != new {
            guard let index = indexOfLine[line.number] else { continue }
            var bytes = Array(texts[index].utf8)
            let replacement =
                switch line.form {
                case .quoted: Self.escaped(new)
                case .plain: Self.plainText(new)
                case .listed: new.isEmpty ? "" : " " + new
                }
            bytes.replaceSubrange(line.range, with: Array(replacement.utf8))
            texts[index] = String(decoding: bytes, as: UTF8.self)
        }
        return texts
    }
}

/// Where the line comments of Swift source lines start, as the lexer finds them: `"// Prints \"x\""` in a
/// string literal (of any kind) or in a block comment is no comment.
package enum LineComments {
    package struct Comment: Hashable {
        /// The UTF-8 offset of `//` in the line.
        package var start: Int
        /// Nothing but spaces and tabs before it, and the line does not start inside a literal or a comment.
        package var alone: Bool

        package init(start: Int, alone: Bool) {
            self.start = start
            self.alone = alone
        }
    }

    /// The line comment of each line, nil where there is none.
    package static func scan(_ lines: [String]) -> [Comment?] {
        guard lines.contains(where: { $0.contains("//") }) else { return lines.map { _ in nil } }
        // The block's text as `FencedBlock.text` has it, lexed as a whole: a comment's start is known only
        // where the literals and comments before it on its line end.
        let source = LexedSource(lines.map { $0 + "\n" }.joined())
        var comments = [Comment?](repeating: nil, count: lines.count)
        var touched = [Bool](repeating: false, count: lines.count)
        for token in source.tokens where token.kind != .newline && token.line < lines.count {
            if token.kind == .lineComment {
                comments[token.line] = Comment(start: source.column(of: token), alone: !touched[token.line])
            }
            for line in token.line...min(token.lastLine, lines.count - 1) { touched[line] = true }
        }
        return comments
    }
}
