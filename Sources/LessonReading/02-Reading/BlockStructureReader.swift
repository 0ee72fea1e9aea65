/// Reads the block structure of a Markdown document one line at a time, as CommonMark's reference
/// algorithm does: a line first continues the open blocks it can (a quote's `>`, a list item's indentation,
/// a fenced block until its closing fence), then may start new blocks in the last one it continued. Only
/// the fenced code blocks are kept, each with its line numbers and the prefix of each line.
///
/// Each line is read once and the open blocks are a stack a few deep, so reading is linear in the file.
package struct BlockStructureReader {
    package private(set) var stack = [OpenBlock(kind: .document)]
    package private(set) var blocks: [FencedBlock] = []
    /// The deepest open block the current line continued, as an index in `stack`.
    private var lastMatched = 0
    /// Whether the open blocks the line did not continue are closed already.
    private var allClosed = true

    private enum Continuation { case matched, unmatched, closedFence }

    package mutating func read(_ line: SourceLine) {
        var cursor = LineCursor(line.text)
        guard continueOpenBlocks(&cursor, line) else { return }
        var container = lastMatched
        var matchedLeaf = !stack[container].isParagraph && stack[container].acceptsLines
        starting: while !matchedLeaf {
            cursor.findNextNonspace()
            guard cursor.isIndented || Self.mayStartBlock(cursor.byte(at: cursor.nextNonspace)) else {
                cursor.advanceToNextNonspace()
                break
            }
            switch startBlock(&cursor, in: container, line) {
            case .container: container = stack.count - 1
            case .leaf: matchedLeaf = true
            case .fence: return
            case .none:
                cursor.advanceToNextNonspace()
                break starting
            }
        }
        addRest(of: cursor, line)
    }

    /// Matches the line against each open block in turn. Returns false when the line closed a fenced block.
    private mutating func continueOpenBlocks(_ cursor: inout LineCursor, _ line: SourceLine) -> Bool {
        lastMatched = 0
        matching: for depth in stack.indices.dropFirst() {
            cursor.findNextNonspace()
            switch continuation(of: depth, &cursor, line) {
            case .matched: lastMatched = depth
            case .unmatched: break matching
            case .closedFence: return false
            }
        }
        allClosed = lastMatched == stack.count - 1
        return true
    }

    private mutating func continuation(of depth: Int, _ cursor: inout LineCursor, _ line: SourceLine)
        -> Continuation
    {
        switch stack[depth].kind {
        case .document, .list: return .matched
        case .blockQuote:
            guard !cursor.isIndented, cursor.byte(at: cursor.nextNonspace) == UInt8(ascii: ">") else {
                return .unmatched
            }
            Self.consumeQuoteMarker(&cursor)
        case .item(let marker):
            if cursor.isBlank {
                // An item that started with a blank line and holds nothing ends at the next blank line.
                guard stack[depth].hasChild else { return .unmatched }
                cursor.advanceToNextNonspace()
            } else if cursor.indent >= marker.contentIndent {
                cursor.advance(marker.contentIndent, columns: true)
            } else {
                return .unmatched
            }
        case .paragraph: return cursor.isBlank ? .unmatched : .matched
        case .fencedCode(let index): return continueFence(index, &cursor, line)
        case .indentedCode:
            if cursor.isIndented {
                cursor.advance(4, columns: true)
            } else if cursor.isBlank {
                cursor.advanceToNextNonspace()
            } else {
                return .unmatched
            }
        case .html(let kind): return cursor.isBlank && kind.endsAtBlankLine ? .unmatched : .matched
        case .singleLine: return .unmatched
        }
        return .matched
    }

    /// A closing fence ends the block; any other line loses up to the opening fence's indentation.
    private mutating func continueFence(_ index: Int, _ cursor: inout LineCursor, _ line: SourceLine)
        -> Continuation
    {
        let fence = blocks[index].fence
        if cursor.indent <= 3, Self.isClosingFence(cursor.rest(from: cursor.nextNonspace), of: fence) {
            blocks[index].closingLine = line.number
            blocks[index].closingPrefix = String(decoding: cursor.bytes[..<cursor.nextNonspace], as: UTF8.self)
            stack.removeLast()
            return .closedFence
        }
        var remaining = fence.indentation
        while remaining > 0 && LineCursor.isSpaceOrTab(cursor.byte(at: cursor.offset)) {
            cursor.advance(1, columns: true)
            remaining -= 1
        }
        return .matched
    }

    package static func consumeQuoteMarker(_ cursor: inout LineCursor) {
        cursor.advanceToNextNonspace()
        cursor.advance(1, columns: false)
        if LineCursor.isSpaceOrTab(cursor.byte(at: cursor.offset)) { cursor.advance(1, columns: true) }
    }

    /// What remains of the line after its containers and new blocks: a lazy paragraph line, a line of the
    /// open code or HTML block, or the first line of a paragraph.
    private mutating func addRest(of cursor: LineCursor, _ line: SourceLine) {
        if !allClosed && !cursor.isBlank && stack[stack.count - 1].isParagraph { return }
        closeUnmatchedBlocks()
        switch stack[stack.count - 1].kind {
        case .fencedCode(let index):
            let (prefix, text) = cursor.remainder()
            blocks[index].content.append(SourceLine(number: line.number, text: text, ending: line.ending))
            blocks[index].contentPrefixes.append(prefix)
        case .html(let kind):
            if kind.isEnd(cursor.rest(from: cursor.offset)) { closeTip() }
        case .paragraph, .indentedCode, .singleLine: break
        case .document, .blockQuote, .list, .item:
            if !cursor.isBlank { push(.paragraph) }
        }
    }

    package mutating func closeUnmatchedBlocks() {
        guard !allClosed else { return }
        while stack.count - 1 > lastMatched { closeTip() }
        allClosed = true
    }

    /// Closes the innermost open block; a fenced block closed this way ends with its container.
    package mutating func closeTip() {
        let closed = stack.removeLast()
        if case .fencedCode(let index) = closed.kind, blocks[index].closingLine == nil {
            blocks[index].endsWithItsContainer = true
        }
    }

    /// Adds a block to the innermost open block that can hold it, closing those that cannot.
    package mutating func push(_ kind: OpenBlock.Kind, linePrefix: String = "") {
        while !stack[stack.count - 1].canContain(kind) { closeTip() }
        stack[stack.count - 1].hasChild = true
        stack.append(OpenBlock(kind: kind, linePrefix: linePrefix))
    }

    package var tip: OpenBlock { stack[stack.count - 1] }
    package var containerPrefix: String { stack.map(\.linePrefix).joined() }
    /// Whether the line would be a lazy continuation of an open paragraph the line did not continue.
    package func mayBeLazy(_ cursor: LineCursor) -> Bool { !allClosed && !cursor.isBlank && tip.isParagraph }

    package mutating func addBlock(_ block: FencedBlock) -> Int {
        blocks.append(block)
        return blocks.count - 1
    }
}
