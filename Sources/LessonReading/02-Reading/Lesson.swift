import Foundation

/// A lesson file as read: its text, front matter and fenced blocks, plus the reading findings that say the
/// file itself is malformed.
package struct Lesson: Sendable {
    /// The path as the user gave it; every finding is reported against it.
    package var path: String
    package var source: SourceText
    package var frontMatter: FrontMatter
    package var blocks: [FencedBlock]
    package var readingFindings: [Finding]
    /// What reading found that looks wrong but is read all the same (a front matter key given twice).
    package var readingWarnings: [Finding] = []
    /// The blocks of the book tests its HTML comments hold, in file order (`BookTestReader`).
    package var bookTestBlocks: [BookTestBlock] = []

    /// Reads and parses the file at `path`. A file that cannot be read, or holds more than
    /// `LessonFileBytes.maximumSize`, gives a lesson with one finding.
    package static func read(path: String) -> Lesson {
        switch LessonFileBytes.read(path) {
        case .bytes(let data): return Lesson(path: path, bytes: [UInt8](data))
        case .unreadable: return unread(path, .unreadableFile, "cannot read the file")
        case .notRegular(let kind): return unread(path, .unreadableFile, LessonFileBytes.notRegularMessage(kind))
        case .tooLarge(let size): return unread(path, .fileTooLarge, LessonFileBytes.tooLargeMessage(size))
        }
    }

    private static func unread(_ path: String, _ kind: Finding.Kind, _ message: String) -> Lesson {
        Lesson(
            path: path, source: SourceText(decoding: []), frontMatter: FrontMatter(), blocks: [],
            readingFindings: [Finding(kind, at: SourceLocation(path: path, line: 1), message)])
    }

    package init(path: String, bytes: [UInt8]) {
        self.init(path: path, source: SourceText(decoding: bytes))
    }

    package init(path: String, source: SourceText) {
        self.path = path
        self.source = source
        var findings: [Finding] = []
        if let first = source.invalidUTF8Lines.first {
            let more = source.invalidUTF8Lines.count - 1
            findings.append(
                Finding(
                    .invalidEncoding, at: SourceLocation(path: path, line: first),
                    "the file is not valid UTF-8" + (more > 0 ? " (here and on \(more) more line(s))" : "")))
        }
        let front = FrontMatterParser.parse(source.lines)
        frontMatter = front.frontMatter
        for problem in front.problems {
            findings.append(
                Finding(
                    .malformedFrontMatter, at: SourceLocation(path: path, line: problem.line),
                    "malformed front matter: \(problem.message)"))
        }
        readingWarnings = front.warnings.map {
            Finding(
                .duplicateFrontMatterKey, at: SourceLocation(path: path, line: $0.line), "front matter: \($0.message)")
        }
        blocks = FenceScanner.blocks(in: source.lines[front.bodyStart...])
        bookTestBlocks = BookTestReader.blocks(in: Array(source.lines[front.bodyStart...]), codeBlocks: blocks)
        // CommonMark closes a fence left open at the end of the document: the block runs to the end, and
        // every block is checked; a warning names the line.
        for block in blocks where block.hasNoClosingFence {
            readingWarnings.append(
                Finding(
                    .unclosedFence, at: SourceLocation(path: path, line: block.openingLine),
                    "code block opened here is never closed: it runs to the end of the file "
                        + "(expected a closing \(block.fence.marker))", severity: .warning))
        }
        readingFindings = findings
    }

    private init(
        path: String, source: SourceText, frontMatter: FrontMatter, blocks: [FencedBlock], readingFindings: [Finding]
    ) {
        self.path = path
        self.source = source
        self.frontMatter = frontMatter
        self.blocks = blocks
        self.readingFindings = readingFindings
    }

    package func location(_ line: Int, column: Int? = nil) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    /// The location of a column of a block's content (as a compiler reports it) in the file: the prefix the
    /// line lost (`> `, a list item's indentation, the fence's) is added back. A line whose prefix split a
    /// tab keeps the content's column.
    package func location(_ line: Int, contentColumn column: Int?) -> SourceLocation {
        guard let column, let block = block(containing: line) else { return location(line, column: column) }
        let index = line - block.firstContentLine
        guard index >= 0, index < block.contentPrefixes.count, let prefix = block.contentPrefixes[index] else {
            return location(line, column: column)
        }
        return location(line, column: column + prefix.utf8.count)
    }

    /// The block whose lines include `line`, found by bisection (blocks are in file order).
    package func block(containing line: Int) -> FencedBlock? {
        var low = 0
        var high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if blocks[middle].openingLine <= line { low = middle + 1 } else { high = middle }
        }
        guard low > 0, blocks[low - 1].lastLine >= line else { return nil }
        return blocks[low - 1]
    }
}
