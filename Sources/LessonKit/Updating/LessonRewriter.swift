/// Rewrites blocks of a lesson's text and keeps every other byte: the BOM, each line's ending (LF or CRLF,
/// mixed included), fences, indentation and the text around the blocks.
struct LessonRewriter {
    private(set) var source: SourceText
    private let blocks: [FencedBlock]
    /// Lines added so far above the next fix (fixes are applied top to bottom).
    private var offset = 0
    private(set) var changes: [(line: Int, message: String)] = []

    init(_ lesson: Lesson) {
        source = lesson.source
        blocks = lesson.blocks
    }

    /// Applies `fixes` from the top of the file down.
    mutating func apply(_ fixes: [BlockFix]) {
        for fix in fixes.sorted(by: { $0.blockLine < $1.blockLine }) {
            guard let block = blocks.first(where: { $0.openingLine == fix.blockLine }), let closing = block.closingLine
            else { continue }
            switch fix.action {
            case .replaceContent: replaceContent(of: block, closing: closing, with: fix)
            case .insertAfter: insert(fix, after: block, closing: closing)
            }
        }
    }

    private mutating func replaceContent(of block: FencedBlock, closing: Int, with fix: BlockFix) {
        let first = block.openingLine + offset  // index of the first content line (0-based = line - 1 + 1)
        let old = Array(source.lines[first..<(closing - 1 + offset)])
        let fallbackEnding = old.last?.ending ?? source.lines[first - 1].ending
        let indentation = String(repeating: " ", count: block.fence.containerIndentation + block.fence.indentation)
        let new = fix.lines.enumerated().map { index, text in
            SourceLine(
                number: 0, text: text.isEmpty ? "" : indentation + text,
                ending: index < old.count ? old[index].ending : fallbackEnding)
        }
        guard new.map(\.text) != old.map(\.text) else { return }
        var message = "updated \(fix.subject) (\(old.count) → \(Self.lines(new.count)))"
        // A new line that would close the block (a fence of the output) needs longer fences around it.
        let container = block.fence.containerIndentation
        if new.contains(where: { FenceScanner.isClosingFence(String($0.text.dropFirst(container)), of: block.fence) }) {
            let length = Self.fence(for: fix.lines, like: block.fence).count
            source.lines[first - 1].text = Self.lengthening(source.lines[first - 1].text, block.fence, to: length)
            let closingIndex = closing - 1 + offset
            source.lines[closingIndex].text = Self.lengthening(source.lines[closingIndex].text, block.fence, to: length)
            message += ", fences lengthened to \(length)"
        }
        source.lines.replaceSubrange(first..<(first + old.count), with: new)
        changes.append((block.openingLine + offset, message))
        offset += new.count - old.count
    }

    private mutating func insert(_ fix: BlockFix, after scenario: FencedBlock, closing: Int) {
        let closingIndex = closing - 1 + offset
        var ending = source.lines[closingIndex].ending
        let atEndOfFile = ending.isEmpty
        if atEndOfFile {
            ending = Self.dominantEnding(source.lines)
            source.lines[closingIndex].ending = ending
        }
        let indentation = String(
            repeating: " ", count: scenario.fence.containerIndentation + scenario.fence.indentation)
        let fence = indentation + Self.fence(for: fix.lines, like: scenario.fence)
        var inserted = [
            SourceLine(number: 0, text: "", ending: ending), SourceLine(number: 0, text: fence, ending: ending),
        ]
        inserted += fix.lines.map { SourceLine(number: 0, text: $0.isEmpty ? "" : indentation + $0, ending: ending) }
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

    /// A fence line with its run of fence characters made `length` long, everything else kept.
    static func lengthening(_ line: String, _ fence: Fence, to length: Int) -> String {
        // On a list item's marker line the fence starts at the item's content column.
        let marker = line.prefix(fence.containerIndentation)
        let afterMarker = line.dropFirst(marker.count)
        let spaces = afterMarker.prefix { $0 == " " }
        let run = afterMarker.dropFirst(spaces.count).prefix { $0 == fence.character }
        let rest = afterMarker.dropFirst(spaces.count + run.count)
        return String(marker) + String(spaces) + String(repeating: fence.character, count: length) + String(rest)
    }

    static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }

    static func dominantEnding(_ lines: [SourceLine]) -> String {
        let crlf = lines.filter { $0.ending == "\r\n" }.count
        let lf = lines.filter { $0.ending == "\n" }.count
        return crlf > lf ? "\r\n" : "\n"
    }
}
