/// The seven kinds of HTML block of CommonMark, by how they start and how they end. Fence-like lines inside
/// an HTML block (or an HTML comment) are HTML, not code.
package enum HTMLBlockKind: Int {
    case rawText = 1  // <pre, <script, <style, <textarea … until the closing tag
    case comment  // <!-- … -->
    case processingInstruction  // <? … ?>
    case declaration  // <!DOCTYPE … >
    case characterData  // <![CDATA[ … ]]>
    case blockTag  // <div, </table … until a blank line
    case completeTag  // any complete tag alone on its line … until a blank line; cannot interrupt a paragraph

    /// Kinds 6 and 7 end before a blank line; the others end on the line that holds their end marker.
    package var endsAtBlankLine: Bool { self == .blockTag || self == .completeTag }

    package static let rawTextNames = ["pre", "script", "style", "textarea"]
    package static let blockTagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
        "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]

    /// The kind of HTML block that `text` (a line from its first nonspace, which is `<`) starts, if any.
    package static func starting(_ text: ArraySlice<UInt8>, mayInterruptParagraph: Bool) -> HTMLBlockKind? {
        let lower = Array(text.prefix(12).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 })
        func has(_ prefix: String) -> Bool { lower.starts(with: Array(prefix.utf8)) }
        for name in rawTextNames where has("<" + name) {
            let after = text.dropFirst(name.count + 1).first
            if after == nil || after == UInt8(ascii: ">") || HTMLTag.isSpace(after!) { return .rawText }
        }
        if has("<!--") { return .comment }
        if has("<?") { return .processingInstruction }
        if has("<![cdata[") { return .characterData }
        if has("<!"), let letter = text.dropFirst(2).first, HTMLTag.isLetter(letter) { return .declaration }
        if startsBlockTag(text) { return .blockTag }
        if mayInterruptParagraph, HTMLTag.isCompleteTagLine(text) { return .completeTag }
        return nil
    }

    /// `<name` or `</name` of a block tag, then a space, the end of the line, `>` or `/>`.
    private static func startsBlockTag(_ text: ArraySlice<UInt8>) -> Bool {
        var rest = text.dropFirst()
        if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
        let name = rest.prefix { HTMLTag.isLetter($0) || HTMLTag.isDigit($0) }
        guard !name.isEmpty, blockTagNames.contains(String(decoding: name, as: UTF8.self).lowercased()) else {
            return false
        }
        let after = rest.dropFirst(name.count)
        guard let next = after.first else { return true }
        return HTMLTag.isSpace(next) || next == UInt8(ascii: ">") || after.starts(with: Array("/>".utf8))
    }

    /// Whether the line (from where the block's content starts) holds the end marker of a kind 1 to 5 block.
    package func isEnd(_ line: ArraySlice<UInt8>) -> Bool {
        switch self {
        case .rawText:
            let lower = line.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
            return Self.rawTextNames.contains { lower.containsSequence(Array("</\($0)>".utf8)) }
        case .comment: return line.containsSequence(Array("-->".utf8))
        case .processingInstruction: return line.containsSequence(Array("?>".utf8))
        case .declaration: return line.contains(UInt8(ascii: ">"))
        case .characterData: return line.containsSequence(Array("]]>".utf8))
        case .blockTag, .completeTag: return false
        }
    }
}

package extension Collection where Element == UInt8, Index == Int {
    /// Whether `needle` occurs in the bytes (a plain scan: lines are short and markers shorter).
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard count >= needle.count else { return false }
        var index = startIndex
        while index <= endIndex - needle.count {
            if self[index] == needle[0] && self[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
