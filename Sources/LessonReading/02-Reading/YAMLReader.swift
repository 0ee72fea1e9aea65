/// Reads the YAML of a front matter left to right, one line at a time: a value spans lines only where YAML
/// lets it (nested blocks, block scalars, and quoted, plain and flow values that go on). A line is looked at
/// a bounded number of times (to see how far it is indented at most once per open level, which nesting
/// bounds), so that reading takes time linear in the front matter's length. What cannot be read is a problem
/// at its line, and reading resumes at the next line it can read.
///
/// The reading is split by concept: block maps and lists (`YAMLBlockCollections`), flow collections, quoted,
/// plain and block scalars, and anchors, aliases and tags (`YAMLNodeProperties`).
package struct YAMLReader {
    package typealias Value = FrontMatter.Value
    package typealias Entry = FrontMatter.Entry

    /// How deep lists and maps may nest. A deeper value is skipped with a problem, so that neither the reader
    /// nor what compares and frees the values recurses without bound.
    package static let maximumDepth = 64
    /// How many values aliases may make the front matter hold (each alias repeats its anchor's values).
    package static let maximumValues = 1_000_000

    package let lines: [YAMLLine]
    /// The line the reader is on, as an index into `lines`.
    package var row = 0
    /// The position of the next scalar to read on that line.
    package var col = 0
    package private(set) var problems: [(line: Int, message: String)] = []
    /// What is read but looks wrong (a key given twice), in the order it was read.
    package private(set) var warnings: [(line: Int, message: String)] = []
    /// The anchored values so far, with how many values each holds.
    package var anchors: [String: (value: Value, size: Int)] = [:]
    /// The anchors whose values are being read.
    package var openAnchors: [String] = []
    /// How many values have been read, counting those that aliases repeat.
    package var valueCount = 0
    /// The flow collections being read, innermost last.
    package var flowOpeners: [(opener: Unicode.Scalar, line: Int)] = []
    /// Whether the innermost flow value was cut off and reported, so that the ones around it say nothing more.
    package var flowCutOff = false
    private var lastTabReport = -1

    package init(lines: [YAMLLine]) { self.lines = lines }

    /// The scalar at the reader, nil at the line end.
    package var current: Unicode.Scalar? { row < lines.count ? lines[row][col] : nil }

    package mutating func report(_ row: Int, _ message: String) {
        problems.append((lines[row].number, message))
    }

    /// A key given again in its map: the last value wins, as Jekyll and Hugo read it, and a warning says so.
    /// `indices` holds the index in `entries` of each key read.
    package mutating func add(_ entry: Entry, row: Int, to entries: inout [Entry], indices: inout [String: Int]) {
        guard let index = indices[entry.key] else {
            indices[entry.key] = entries.count
            entries.append(entry)
            return
        }
        warnings.append(
            (
                lines[row].number,
                "key '\(entry.key)' is given twice in this map (first on line \(entries[index].line)); the last "
                    + "value is used"
            ))
        entries[index].value = entry.value
    }

    /// Reports a tab that indents `row`, once.
    package mutating func reportTab(_ row: Int) {
        guard row > lastTabReport else { return }
        lastTabReport = row
        report(row, "tab used for indentation; indent with spaces")
    }

    /// Moves to the content of `row`, a line read for its structure (a key, a list item).
    package mutating func enter(row next: Int) {
        row = next
        col = lines[next].indent
        if lines[next].firstTab != nil { reportTab(next) }
    }

    /// The first line from `start` on that is neither blank nor a comment.
    package func nextContentRow(from start: Int) -> Int? {
        var next = start
        while next < lines.count {
            if lines[next].hasContent { return next }
            next += 1
        }
        return nil
    }

    package mutating func skipSpaces() {
        while let character = current, character.isYAMLSpace { col += 1 }
    }

    /// After a value on one line: only a comment may follow it. Moves to the next line.
    package mutating func finishLine(after what: String) {
        skipSpaces()
        if !lines[row].endsValue(at: col) {
            report(row, "unexpected text '\(lines[row].excerpt(from: col))' after \(what)")
        }
        row += 1
        col = 0
    }

    /// Skips the rest of the line the reader is on and the lines below it indented more than `indent`;
    /// returns how many of the skipped lines below hold content.
    package mutating func skipLines(deeperThan indent: Int) -> Int {
        var skipped = 0
        row += 1
        while row < lines.count, !lines[row].hasContent || lines[row].indent > indent {
            if lines[row].hasContent { skipped += 1 }
            row += 1
        }
        col = 0
        return skipped
    }

    /// What a message says about the lines `skipLines` skipped.
    package static func skippedNote(_ skipped: Int) -> String {
        skipped == 0 ? "" : " (skipped with the \(skipped) more-indented line(s) under it)"
    }

    /// Whether `row` starts an entry of a block collection: `key:` or `- `.
    package func isEntryLine(_ row: Int) -> Bool {
        let line = lines[row]
        return line.isDash(at: line.indent) || line.implicitKeyColon(from: line.indent) != nil
    }

    /// Moves to the next line of a value that goes on over lines (a quoted scalar, a flow collection). Returns
    /// false, staying at the end of this line, when there is none: at the end of the front matter, or when the
    /// next line is indented `parent` spaces or less (a tab does not indent) and starts an entry of the block
    /// around the value (`key:`, `- `), which is where reading resumes after a quote or a bracket that is
    /// never closed.
    package mutating func moveToContinuationLine(parent: Int) -> Bool {
        let next = row + 1
        guard next < lines.count, !isEntryOfEnclosingBlock(next, parent: parent) else {
            col = lines[row].count
            return false
        }
        row = next
        col = 0
        return true
    }

    /// Whether `row` starts an entry of the block collection indented `parent` (or of one around it), so that
    /// a value going on over lines above it ends there.
    package func isEntryOfEnclosingBlock(_ row: Int, parent: Int) -> Bool {
        lines[row].spaceIndent <= parent && isEntryLine(row)
    }

    package static func spaces(_ count: Int) -> String { count == 1 ? "1 space" : "\(count) spaces" }
}
