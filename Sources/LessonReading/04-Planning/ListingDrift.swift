/// Whether the listing right above a book test's block still shows the code the test runs: its `->` lines
/// (and the lines that go on with them), comments, blank lines and indentation aside. When one was edited
/// without the other, a `listing-drift` warning at the listing's first line that differs.
package enum ListingDrift {
    package static func finding(for block: BookTestBlock, in lesson: Lesson, test name: String) -> Finding? {
        let shown = code(shownLines(block))
        guard !shown.isEmpty, let listing = listing(above: block, in: lesson) else { return nil }
        let listed = code(listing.content.map { ($0.number, $0.text) })
        for index in 0..<max(shown.count, listed.count) {
            if index < listed.count, index < shown.count, listed[index].text == shown[index].text { continue }
            let message: String
            let line: Int
            if index >= listed.count {
                line = listing.closingLine ?? listing.lastLine
                message =
                    "the listing ends before the code of its test `\(name)` does: line \(shown[index].line) "
                    + "of the test runs `\(shown[index].text)`"
            } else if index >= shown.count {
                line = listed[index].line
                message = "the listing shows code its test `\(name)` does not run"
            } else {
                line = listed[index].line
                message =
                    "the listing no longer shows what its test `\(name)` runs: line \(shown[index].line) of the "
                    + "test runs `\(shown[index].text)`"
            }
            return Finding(.listingDrift, at: lesson.location(line), message)
        }
        return nil
    }

    /// The lines the listing shows: `->` lines, and the lines without a prefix that go on with them.
    package static func shownLines(_ block: BookTestBlock) -> [(line: Int, text: String)] {
        var shown: [(Int, String)] = []
        var continuesShown = true
        for line in block.lines {
            switch line.kind {
            case .shownCode:
                continuesShown = true
                shown.append((line.number, line.text))
            case .hiddenCode: continuesShown = false
            case .continuation where continuesShown: shown.append((line.number, line.text))
            default: break
            }
        }
        return shown
    }

    /// The Swift block right above the comment that holds `block`, with only blank lines between.
    private static func listing(above block: BookTestBlock, in lesson: Lesson) -> FencedBlock? {
        guard
            let listing = lesson.blocks.last(where: { $0.lastLine < block.commentLine }),
            listing.info.language.lowercased() == "swift"
        else { return nil }
        let between = lesson.source.lines[listing.lastLine..<(block.commentLine - 1)]
        return between.allSatisfy { $0.text.trimmingSpaces().isEmpty } ? listing : nil
    }

    /// The lines' code, comments taken out, each line trimmed, blank lines left out.
    package static func code(_ lines: [(line: Int, text: String)]) -> [(line: Int, text: String)] {
        let text = lines.map { $0.text + "\n" }.joined()
        let lexed = LexedSource(text)
        var bytes = lexed.bytes
        for token in lexed.tokens where token.isComment {
            for offset in token.range where bytes[offset] != UInt8(ascii: "\n") { bytes[offset] = UInt8(ascii: " ") }
        }
        let codeLines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return zip(lines, codeLines).compactMap { line, code in
            let trimmed = String(decoding: code, as: UTF8.self).trimmingSpaces()
            return trimmed.isEmpty ? nil : (line.line, trimmed)
        }
    }
}
