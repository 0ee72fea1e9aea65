/// A list item's marker (`-`, `+`, `*`, or 1 to 9 digits and `.` or `)`) and the columns it takes: an item's
/// content starts `markerOffset + padding` columns in, which is where its continuation lines must reach.
package struct ListMarker {
    package enum Kind: Equatable {
        case bullet(UInt8)
        case ordered(delimiter: UInt8)
    }

    package var kind: Kind
    /// Columns of indentation before the marker.
    package var markerOffset: Int
    /// Columns from the marker to the item's content: the marker's width and the spaces after it.
    package var padding: Int

    /// Columns a continuation line must be indented by to stay in the item.
    package var contentIndent: Int { markerOffset + padding }

    /// Reads a list marker at the cursor's next nonspace, and moves the cursor to the item's content.
    /// `interruptsParagraph`: an ordered item must start at 1 and an empty item cannot start there.
    package static func read(_ cursor: inout LineCursor, interruptsParagraph: Bool) -> ListMarker? {
        guard !cursor.isIndented, let first = cursor.byte(at: cursor.nextNonspace) else { return nil }
        let start = cursor.nextNonspace
        var kind: Kind
        var width = 1
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            kind = .bullet(first)
        } else {
            let digits = cursor.rest(from: start).prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard (1...9).contains(digits.count), let delimiter = cursor.byte(at: start + digits.count),
                delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")")
            else { return nil }
            // Only a list that starts at 1 may interrupt a paragraph.
            if interruptsParagraph && Int(String(decoding: digits, as: UTF8.self)) != 1 { return nil }
            kind = .ordered(delimiter: delimiter)
            width = digits.count + 1
        }
        let after = cursor.byte(at: start + width)
        guard after == nil || LineCursor.isSpaceOrTab(after) else { return nil }
        if interruptsParagraph && cursor.rest(from: start + width).allSatisfy({ LineCursor.isSpaceOrTab($0) }) {
            return nil
        }
        var marker = ListMarker(kind: kind, markerOffset: cursor.indent, padding: 0)
        cursor.advanceToNextNonspace()
        cursor.advance(width, columns: true)
        let spacesStart = (offset: cursor.offset, column: cursor.column)
        repeat {
            cursor.advance(1, columns: true)
        } while cursor.column - spacesStart.column < 5 && LineCursor.isSpaceOrTab(cursor.byte(at: cursor.offset))
        let blankItem = cursor.byte(at: cursor.offset) == nil
        let spaces = cursor.column - spacesStart.column
        if spaces >= 5 || spaces < 1 || blankItem {
            // Content that starts 5 or more columns after the marker is indented code: one space belongs to it.
            marker.padding = width + 1
            cursor.restore(offset: spacesStart.offset, column: spacesStart.column)
            if LineCursor.isSpaceOrTab(cursor.byte(at: cursor.offset)) { cursor.advance(1, columns: true) }
        } else {
            marker.padding = width + spaces
        }
        return marker
    }

    /// Whether an item with this marker continues the list of one with `other` (same bullet, same delimiter).
    package func belongsToSameList(as other: ListMarker) -> Bool { kind == other.kind }
}
