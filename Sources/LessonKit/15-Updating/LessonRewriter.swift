/// Rewrites blocks of a lesson's text and keeps every other byte: the BOM, each line's ending (LF or CRLF,
/// mixed included), fences, indentation and the text around the blocks.
struct LessonRewriter {
    private(set) var source: SourceText
    /// The blocks by their opening line.
    private let blocksByLine: [Int: FencedBlock]
    /// Lines added so far above the next fix (fixes are applied top to bottom).
    private var offset = 0
    private(set) var changes: [(line: Int, message: String)] = []

    init(_ lesson: Lesson) {
        source = lesson.source
        blocksByLine = Dictionary(lesson.blocks.map { ($0.openingLine, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Applies `fixes` from the top of the file down.
    mutating func apply(_ fixes: [BlockFix]) {
        for fix in fixes.sorted(by: { $0.blockLine < $1.blockLine }) {
            if fix.action == .replaceLines {
                replaceLines(with: fix)
                continue
            }
            guard let block = blocksByLine[fix.blockLine], let closing = block.closingLine else { continue }
            switch fix.action {
            case .replaceContent: replaceContent(of: block, closing: closing, with: fix)
            case .insertAfter: insert(fix, after: block, closing: closing)
            case .replaceComments: replaceComments(of: block, with: fix)
            case .replaceLines: break
            }
        }
    }

    private mutating func replaceContent(of block: FencedBlock, closing: Int, with fix: BlockFix) {
        let first = block.openingLine + offset  // index of the first content line (0-based = line - 1 + 1)
        let old = Array(source.lines[first..<(closing - 1 + offset)])
        guard fix.lines != block.content.map(\.text) else { return }
        let fallbackEnding = old.last?.ending ?? source.lines[first - 1].ending
        let fallbackPrefix = Self.newLinePrefix(of: block)
        let new = fix.lines.enumerated().map { index, text in
            // A line whose content stays keeps every byte; a changed line keeps its quote and list prefix.
            if index < block.content.count && block.content[index].text == text { return old[index] }
            return SourceLine(
                number: 0, text: Self.written(text, in: block, replacing: index, fallback: fallbackPrefix),
                ending: index < old.count ? old[index].ending : fallbackEnding)
        }
        var message = "updated \(fix.subject) (\(old.count) → \(Self.lines(new.count)))"
        // A new line that would close the block (a fence of the output) needs longer fences around it.
        let indentation = String(repeating: " ", count: block.fence.indentation)
        if fix.lines.contains(where: { FenceScanner.isClosingFence(indentation + $0, of: block.fence) }) {
            let length = Self.fence(for: fix.lines, like: block.fence).count
            source.lines[first - 1].text = Self.lengthening(
                source.lines[first - 1].text, after: block.openingPrefix, block.fence, to: length)
            let closingIndex = closing - 1 + offset
            source.lines[closingIndex].text = Self.lengthening(
                source.lines[closingIndex].text, after: block.closingPrefix ?? "", block.fence, to: length)
            message += ", fences lengthened to \(length)"
        }
        source.lines.replaceSubrange(first..<(first + old.count), with: new)
        changes.append((block.openingLine + offset, message))
        offset += new.count - old.count
    }

    /// A scenario's output comments rewritten: only the lines that differ are written, each keeping its
    /// prefix (quote markers, indentation) and its line ending; the line count stays.
    private mutating func replaceComments(of block: FencedBlock, with fix: BlockFix) {
        guard fix.lines.count == block.content.count else { return }
        let fallbackPrefix = Self.newLinePrefix(of: block)
        var changed: [Int] = []
        for (index, text) in fix.lines.enumerated() where text != block.content[index].text {
            let lineIndex = block.content[index].number - 1 + offset
            source.lines[lineIndex].text = Self.written(text, in: block, replacing: index, fallback: fallbackPrefix)
            changed.append(block.content[index].number)
        }
        guard let first = changed.first else { return }
        let count = changed.count
        changes.append((first + offset, "updated \(count) \(fix.subject)\(count == 1 ? "" : "s")"))
    }

    /// Lines rewritten in place (a book test's expected lines), each keeping its line ending.
    private mutating func replaceLines(with fix: BlockFix) {
        let numbers = fix.lineNumbers ?? []
        guard numbers.count == fix.lines.count, let first = numbers.first else { return }
        for (number, text) in zip(numbers, fix.lines) where number - 1 + offset < source.lines.count {
            source.lines[number - 1 + offset].text = text
        }
        let count = numbers.count
        changes.append((first + offset, "updated \(count) \(fix.subject)\(count == 1 ? "" : "s")"))
    }

    /// A content line of `block` as written in the file: the prefix of the line it replaces when that line
    /// had content (its quote markers and indentation, as written), else that of the block's last line with
    /// content, else the block's own prefix. An empty line keeps only the quote markers, so that it stays in
    /// the quote.
    static func written(_ text: String, in block: FencedBlock, replacing index: Int, fallback: String) -> String {
        var prefix = fallback
        if index < block.content.count, !block.content[index].text.isEmpty,
            let kept = block.contentPrefixes[index]
        {
            prefix = kept
        }
        return text.isEmpty ? prefix.droppingTrailingSpaces() : prefix + text
    }

    /// The prefix for new lines of `block`: that of its last line with content, as written, when it has one.
    static func newLinePrefix(of block: FencedBlock) -> String {
        let last = block.content.indices.last { !block.content[$0].text.isEmpty && block.contentPrefixes[$0] != nil }
        return last.flatMap { block.contentPrefixes[$0] }
            ?? block.containerPrefix + String(repeating: " ", count: block.fence.indentation)
    }

    private mutating func insert(_ fix: BlockFix, after scenario: FencedBlock, closing: Int) {
        let closingIndex = closing - 1 + offset
        var ending = source.lines[closingIndex].ending
        let atEndOfFile = ending.isEmpty
        if atEndOfFile {
            ending = Self.dominantEnding(source.lines)
            source.lines[closingIndex].ending = ending
        }
        let prefix = scenario.containerPrefix + String(repeating: " ", count: scenario.fence.indentation)
        let fence = prefix + Self.fence(for: fix.lines, like: scenario.fence)
        let blank = scenario.containerPrefix.droppingTrailingSpaces()
        var inserted = [
            SourceLine(number: 0, text: blank, ending: ending), SourceLine(number: 0, text: fence, ending: ending),
        ]
        inserted += fix.lines.map {
            SourceLine(number: 0, text: $0.isEmpty ? prefix.droppingTrailingSpaces() : prefix + $0, ending: ending)
        }
        inserted.append(SourceLine(number: 0, text: fence, ending: atEndOfFile ? "" : ending))
        source.lines.insert(contentsOf: inserted, at: closingIndex + 1)
        changes.append((closing + offset + 2, "inserted \(fix.subject) (\(Self.lines(fix.lines.count)))"))
        offset += inserted.count
    }

    /// A bare fence of the lesson's character, longer than any run of it that starts a line of the output.
    static func fence(for lines: [String], like scenario: Fence) -> String {
        let character = scenario.character
        let longest = lines.map { line in line.drop { $0 == " " }.prefix { $0 == character }.count }.max() ?? 0
        return String(repeating: character, count: max(3, scenario.length, longest + 1))
    }

    /// A fence line with its run of fence characters made `length` long, everything else kept: `prefix`
    /// (quote markers, list marker, indentation) is the text before the run.
    static func lengthening(_ line: String, after prefix: String, _ fence: Fence, to length: Int) -> String {
        let bytes = Array(line.utf8)
        let start = min(prefix.utf8.count, bytes.count)
        let character = fence.character.asciiValue ?? UInt8(ascii: "`")
        let run = bytes[start...].prefix { $0 == character }.count
        return String(decoding: bytes[..<start], as: UTF8.self) + String(repeating: fence.character, count: length)
            + String(decoding: bytes[(start + run)...], as: UTF8.self)
    }

    static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }

    static func dominantEnding(_ lines: [SourceLine]) -> String {
        let crlf = lines.filter { $0.ending == "\r\n" }.count
        let lf = lines.filter { $0.ending == "\n" }.count
        return crlf > lf ? "\r\n" : "\n"
    }
}
