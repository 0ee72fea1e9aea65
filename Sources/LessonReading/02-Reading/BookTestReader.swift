/// Finds the blocks of a book's hidden tests (`BookTestBlock`): in an HTML comment outside every code block,
/// a line `- test: `name`` (or several names, `- test: `a`, `b`` or `- test: `a, b``), then the test's body: the next fenced
/// block (```` ```swifttest ````, or any fence), or without a fence the lines up to the comment's end.
package enum BookTestReader {
    package static func blocks(in lines: [SourceLine], codeBlocks: [FencedBlock]) -> [BookTestBlock] {
        // Most lessons have no test: one look for the header's words first.
        guard lines.contains(where: { $0.text.containsBytes("- test:") }) else { return [] }
        var inCode = Set<Int>()
        for block in codeBlocks { inCode.formUnion(block.openingLine...block.lastLine) }
        var found: [BookTestBlock] = []
        var comment: Int?  // the line of the open `<!--`
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if inCode.contains(line.number) { continue }
            guard let open = comment else {
                if let start = line.text.range(of: "<!--"), !line.text[start.upperBound...].contains("-->") {
                    comment = line.number
                }
                continue
            }
            if let names = testNames(line.text) {
                let (block, next) = body(lines, from: index, names: names, header: line.number, comment: open)
                found.append(block)
                index = next
                continue
            }
            if line.text.contains("-->") { comment = nil }
        }
        return found
    }

    /// The names of a `- test:` line; nil for any other line.
    package static func testNames(_ text: String) -> [String]? {
        let trimmed = text.trimmingSpaces()
        guard trimmed.hasPrefix("- test:") else { return nil }
        // `a`, `b` and `a, b` both name two tests.
        let names = trimmed.dropFirst("- test:".count).split(separator: "`", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 1 }
            .flatMap { $0.element.split(separator: ",").map { String($0).trimmingSpaces() } }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }

    /// The body after the header at `lines[start - 1]`, and the index to read on from.
    private static func body(_ lines: [SourceLine], from start: Int, names: [String], header: Int, comment: Int)
        -> (BookTestBlock, next: Int)
    {
        var first = start
        while first < lines.count, lines[first].text.trimmingSpaces().isEmpty { first += 1 }
        var block = BookTestBlock(
            names: names, headerLine: header, commentLine: comment, openingLine: nil, lines: [], lastLine: header)
        if first < lines.count, let fence = fence(lines[first].text) {
            block.openingLine = lines[first].number
            var end = first + 1
            while end < lines.count, !isClosing(lines[end].text, fence) { end += 1 }
            block.lines = read(lines[(first + 1)..<end])
            block.lastLine = end < lines.count ? lines[end].number : (lines.last?.number ?? header)
            return (block, min(end + 1, lines.count))
        }
        var end = start
        while end < lines.count, !lines[end].text.contains("-->"), testNames(lines[end].text) == nil { end += 1 }
        block.lines = read(lines[start..<end])
        block.lastLine = block.lines.last?.number ?? header
        return (block, end)
    }

    /// The opening fence's indentation and run (three or more backticks or tildes), when `text` is one.
    private static func fence(_ text: String) -> (indent: Int, run: String)? {
        let indent = text.prefix { $0 == " " }.count
        let rest = text.dropFirst(indent)
        guard let character = rest.first, character == "`" || character == "~" else { return nil }
        let run = rest.prefix { $0 == character }
        return run.count >= 3 ? (indent, String(run)) : nil
    }

    private static func isClosing(_ text: String, _ fence: (indent: Int, run: String)) -> Bool {
        let trimmed = text.trimmingSpaces()
        return trimmed.hasPrefix(fence.run) && trimmed.allSatisfy { $0 == fence.run.first }
    }

    /// Each line by its prefix. The body's indentation is that of its first line with a prefix; a line with
    /// none loses that indentation and the prefix's width (`-> ` is three columns), as the book writes an
    /// indented body under `-> if …`. A prefix counts only near the body's indentation: deeper, `-> T {` is
    /// the return type of the function the line goes on with.
    private static func read(_ body: ArraySlice<SourceLine>) -> [BookTestLine] {
        let indent =
            body.lazy.compactMap { line -> Int? in
                let spaces = line.text.prefix { $0 == " " }.count
                return prefixKind(line.text.dropFirst(spaces)) == nil ? nil : spaces
            }.first ?? 0
        return body.map { line in
            let spaces = line.text.prefix { $0 == " " }.count
            let rest = line.text.dropFirst(spaces)
            if rest.isEmpty { return BookTestLine(number: line.number, kind: .blank, text: "", lead: line.text) }
            if spaces <= indent + 2, let kind = prefixKind(rest) {
                let after = rest.dropFirst(2)
                let text = after.hasPrefix(" ") ? after.dropFirst() : after
                let lead = String(line.text.prefix(line.text.count - text.count))
                return BookTestLine(number: line.number, kind: kind, text: String(text), lead: lead)
            }
            let drop = min(spaces, indent + 3)
            return BookTestLine(
                number: line.number, kind: .continuation, text: String(line.text.dropFirst(drop)),
                lead: String(repeating: " ", count: drop))
        }
    }

    /// The kind of a line that starts with a prefix (the book writes `!!-` and `<<-` with no space after it).
    private static func prefixKind(_ text: Substring) -> BookTestLine.Kind? {
        guard text.count >= 2, let kind = BookTestLine.Kind(rawValue: String(text.prefix(2))), kind != .continuation
        else { return nil }
        return kind
    }
}
