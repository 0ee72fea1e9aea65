/// A position in one line of Markdown, in bytes and in columns, with CommonMark's arithmetic for tabs: a tab
/// moves to the next multiple of 4, and a container may consume only part of one (a "partially consumed"
/// tab, whose remaining columns count as spaces for what follows).
package struct LineCursor {
    package let bytes: [UInt8]
    package private(set) var offset = 0
    package private(set) var column = 0
    package private(set) var partiallyConsumedTab = false
    /// Where the next character that is not a space or tab is, found by `findNextNonspace()`.
    package private(set) var nextNonspace = 0
    package private(set) var nextNonspaceColumn = 0

    package static let space: UInt8 = 0x20
    package static let tab: UInt8 = 0x09

    package init(_ text: String) {
        bytes = Array(text.utf8)
        findNextNonspace()
    }

    /// Columns of spaces and tabs between the position and the next other character.
    package var indent: Int { nextNonspaceColumn - column }
    /// Four columns or more: indented code, where no block can start.
    package var isIndented: Bool { indent >= 4 }
    package var isBlank: Bool { nextNonspace >= bytes.count }

    /// The byte at `index`, or nil past the end.
    package func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    package static func isSpaceOrTab(_ byte: UInt8?) -> Bool { byte == space || byte == tab }

    /// Where the last search for `nextNonspace` started: from there to it, every byte is a space or a tab.
    private var searchedFrom = Int.max
    /// How many times the line was searched: the work, which tests bound.
    package private(set) var searches = 0

    /// Finds the next character that is not a space or tab. A position still inside the run of spaces the
    /// last search crossed has the same answer (tab stops are absolute columns), so a line read through a
    /// thousand nested containers crosses its indentation once, not once per container.
    package mutating func findNextNonspace() {
        if searchedFrom <= offset && offset <= nextNonspace { return }
        searchedFrom = offset
        searches += 1
        var index = offset
        var columns = column
        while index < bytes.count {
            if bytes[index] == Self.space {
                columns += 1
            } else if bytes[index] == Self.tab {
                columns += 4 - columns % 4
            } else {
                break
            }
            index += 1
        }
        nextNonspace = index
        nextNonspaceColumn = columns
    }

    /// Moves past `count` characters, or, with `columns`, past `count` columns (possibly inside a tab).
    package mutating func advance(_ count: Int, columns: Bool) {
        var count = count
        while count > 0 && offset < bytes.count {
            if bytes[offset] == Self.tab {
                let toTab = 4 - column % 4
                if columns {
                    partiallyConsumedTab = toTab > count
                    let step = min(toTab, count)
                    column += step
                    offset += partiallyConsumedTab ? 0 : 1
                    count -= step
                } else {
                    partiallyConsumedTab = false
                    column += toTab
                    offset += 1
                    count -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    package mutating func advanceToNextNonspace() {
        offset = nextNonspace
        column = nextNonspaceColumn
        partiallyConsumedTab = false
    }

    /// Goes back to a position saved earlier (a list item that turns out to start with spaces of content).
    package mutating func restore(offset: Int, column: Int) {
        self.offset = offset
        self.column = column
    }

    /// The rest of the line from the position: the columns left of a partially consumed tab become spaces.
    /// Returns the text before it as written (nil when a tab was split, as that prefix cannot be kept).
    package func remainder() -> (prefix: String?, text: String) {
        guard partiallyConsumedTab else {
            return (
                String(decoding: bytes[..<offset], as: UTF8.self), String(decoding: bytes[offset...], as: UTF8.self)
            )
        }
        let spaces = String(repeating: " ", count: 4 - column % 4)
        return (nil, spaces + String(decoding: bytes[(offset + 1)...], as: UTF8.self))
    }

    /// The bytes from `index` to the end of the line.
    package func rest(from index: Int) -> ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }
}
