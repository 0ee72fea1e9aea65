/// A block of the document still open while it is read, from the document itself down to the innermost
/// block. Only what decides where fenced code starts and ends is kept.
package struct OpenBlock {
    package enum Kind {
        case document
        case blockQuote
        case list(ListMarker)
        case item(ListMarker)
        case paragraph
        /// The index of the block in the reader's output.
        case fencedCode(block: Int)
        case indentedCode
        case html(HTMLBlockKind)
        /// An ATX or setext heading, or a thematic break: one line, then closed.
        case singleLine
    }

    package var kind: Kind
    /// What a new line starts with to stay in this container: `> ` for a quote, the content column's
    /// spaces for a list item.
    package var linePrefix = ""
    /// Whether a block was ever added to this one (a list item that starts with a blank line and has nothing
    /// yet ends at a second blank line).
    package var hasChild = false

    package var isParagraph: Bool {
        if case .paragraph = kind { return true }
        return false
    }

    /// Whether this is a list that an item with `marker` continues (same bullet, or same delimiter).
    package func holdsItems(like marker: ListMarker) -> Bool {
        if case .list(let first) = kind { return first.belongsToSameList(as: marker) }
        return false
    }

    /// Which blocks may hold which: a list holds only items, an item is only in a list, leaves hold nothing.
    package func canContain(_ child: Kind) -> Bool {
        switch (kind, child) {
        case (.list, .item): return true
        case (.list, _): return false
        case (.document, .item), (.blockQuote, .item), (.item, .item): return false
        case (.document, _), (.blockQuote, _), (.item, _): return true
        default: return false
        }
    }

    /// Paragraphs, code and HTML blocks take the rest of a line as their content.
    package var acceptsLines: Bool {
        switch kind {
        case .paragraph, .fencedCode, .indentedCode, .html: return true
        default: return false
        }
    }
}
