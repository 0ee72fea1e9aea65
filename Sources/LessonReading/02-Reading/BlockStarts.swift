import Foundation

/// The blocks a line may start: block quote, ATX heading, setext heading underline and thematic break (one
/// line each), fenced code, HTML block, list item, indented code. Those that could match the same line are
/// tried in CommonMark's order (a thematic break before a list item, `* * *`).
package extension BlockStructureReader {
    enum StartResult { case none, container, leaf, fence }

    /// Bytes that may begin a block other than a paragraph (the rest start paragraphs, or continue them).
    static func mayStartBlock(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return "#`~*+_=<>-".utf8.contains(byte) || (0x30...0x39).contains(byte)
    }

    mutating func startBlock(_ cursor: inout LineCursor, in container: Int, _ line: SourceLine) -> StartResult {
        let rest = cursor.rest(from: cursor.nextNonspace)
        let containerIsParagraph = stackIsParagraph(at: container)
        if !cursor.isIndented {
            if rest.first == UInt8(ascii: ">") {
                Self.consumeQuoteMarker(&cursor)
                closeUnmatchedBlocks()
                push(.blockQuote, linePrefix: "> ")
                return .container
            }
            if Self.isATXHeading(rest) || Self.isThematicBreak(rest)
                || (containerIsParagraph && Self.isSetextUnderline(rest))
            {
                closeUnmatchedBlocks()
                push(.singleLine)
                return .leaf
            }
            if let (character, length) = Self.openingFence(rest) {
                openFence(character, length, &cursor, line)
                return .fence
            }
            if rest.first == UInt8(ascii: "<"),
                let kind = HTMLBlockKind.starting(
                    rest, mayInterruptParagraph: !containerIsParagraph && !mayBeLazy(cursor))
            {
                closeUnmatchedBlocks()
                push(.html(kind))
                return .leaf
            }
        }
        if let marker = ListMarker.read(&cursor, interruptsParagraph: containerIsParagraph) {
            closeUnmatchedBlocks()
            if !tip.holdsItems(like: marker) { push(.list(marker)) }
            push(.item(marker), linePrefix: String(repeating: " ", count: marker.contentIndent))
            return .container
        }
        if cursor.isIndented && !tip.isParagraph && !cursor.isBlank {
            cursor.advance(4, columns: true)
            closeUnmatchedBlocks()
            push(.indentedCode)
            return .leaf
        }
        return .none
    }

    /// Opens a fenced block: its info string is the rest of the line, and the line has no content.
    private mutating func openFence(
        _ character: UInt8, _ length: Int, _ cursor: inout LineCursor, _ line: SourceLine
    ) {
        closeUnmatchedBlocks()
        let indentation = cursor.indent
        let openingPrefix = String(decoding: cursor.bytes[..<cursor.nextNonspace], as: UTF8.self)
        cursor.advanceToNextNonspace()
        cursor.advance(length, columns: false)
        let info = String(decoding: cursor.rest(from: cursor.offset), as: UTF8.self).trimmingSpaces()
        let fence = Fence(character: Character(UnicodeScalar(character)), length: length, indentation: indentation)
        var block = FencedBlock(
            fence: fence, info: InfoString(info), openingLine: line.number, closingLine: nil, content: [])
        block.openingPrefix = openingPrefix
        // The fenced block is pushed first: a paragraph it interrupts is closed, and the containers stay.
        push(.fencedCode(block: blocks.count))
        block.containerPrefix = containerPrefix
        _ = addBlock(block)
    }

    private func stackIsParagraph(at index: Int) -> Bool { index < stack.count && stack[index].isParagraph }

    /// "```" or "~~~" (or longer) at the start of `text`; a backtick fence's info string holds no backtick.
    static func openingFence(_ text: ArraySlice<UInt8>) -> (UInt8, Int)? {
        guard let character = text.first, character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else {
            return nil
        }
        let length = text.prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        if character == UInt8(ascii: "`") && Self.holds(character, text.dropFirst(length)) { return nil }
        return (character, length)
    }

    /// Whether `bytes` hold `byte`, found by `memchr`: an info string may be megabytes long.
    static func holds(_ byte: UInt8, _ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// A run of the fence's character at least as long as the opening one, then only spaces and tabs.
    static func isClosingFence(_ text: ArraySlice<UInt8>, of fence: Fence) -> Bool {
        guard let character = fence.character.asciiValue else { return false }
        let length = text.prefix { $0 == character }.count
        return length >= fence.length && text.dropFirst(length).allSatisfy { LineCursor.isSpaceOrTab($0) }
    }

    static func isATXHeading(_ text: ArraySlice<UInt8>) -> Bool {
        let hashes = text.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(hashes) else { return false }
        let after = text.dropFirst(hashes).first
        return after == nil || LineCursor.isSpaceOrTab(after)
    }

    static func isThematicBreak(_ text: ArraySlice<UInt8>) -> Bool {
        guard let character = text.first, "*_-".utf8.contains(character) else { return false }
        var count = 0
        for byte in text {
            if byte == character {
                count += 1
            } else if !LineCursor.isSpaceOrTab(byte) {
                return false
            }
        }
        return count >= 3
    }

    static func isSetextUnderline(_ text: ArraySlice<UInt8>) -> Bool {
        guard let character = text.first, character == UInt8(ascii: "=") || character == UInt8(ascii: "-") else {
            return false
        }
        let run = text.prefix { $0 == character }.count
        return text.dropFirst(run).allSatisfy { LineCursor.isSpaceOrTab($0) }
    }
}
