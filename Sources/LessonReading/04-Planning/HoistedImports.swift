/// A scenario's `import` lines, which the function a merged program wraps the scenario in cannot hold: each
/// must be a line of its own at the top level (`import Foundation`, `import struct Foundation.Date`, a comment
/// after it). A merged program then imports them at the top of its files, and the scenario's code keeps every
/// other line in its place, the import lines blank.
package struct HoistedImports: Equatable {
    /// Each import as written, in the scenario's order.
    package var imports: [String]
    /// The scenario with its import lines blank.
    package var code: String
    /// The lines blanked (0-based).
    package var importLines: Set<Int> = []

    package init?(_ text: String) { self.init(TopLevelItems(text)) }

    /// Nil when an `import` is not a line of its own at the top level (after an attribute such as
    /// `@testable`, inside braces, sharing its line with other code or a comment that runs on).
    package init?(_ read: TopLevelItems) {
        // A block without the word has no import to hoist: its code is its text, found without a token read.
        guard read.source.text.containsBytes("import") else {
            imports = []
            code = read.source.text
            return
        }
        let nested = read.code.indices.contains { index in
            read.depths[index] > 0 && read.code[index].kind == .identifier
                && read.source.token(read.code[index], is: "import")
        }
        if nested { return nil }
        var blanked = Set<Int>()
        imports = []
        for (index, item) in read.items.enumerated() {
            guard let keyword = item.keyword, read.text(keyword) == "import" else { continue }
            guard !item.hasAttributes, item.modifiers.isEmpty, keyword == item.tokens.lowerBound,
                item.firstLine == item.lastLine, !read.sharesLines(index),
                let written = Self.importPath(read, of: item)
            else { return nil }
            imports.append("import " + written)
            blanked.insert(item.firstLine)
        }
        importLines = blanked
        let text = read.source.text
        // Most blocks import nothing: their code is their text, not a copy cut into lines and joined again.
        guard !blanked.isEmpty else {
            code = text
            return
        }
        var textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in blanked where line < textLines.count { textLines[line] = "" }
        code = textLines.joined(separator: "\n")
    }

    /// The words after `import` on its line, joined as written (`struct Foundation.Date`); nil when the line
    /// holds anything else but a comment that ends on it, or a comment before the `import`.
    private static func importPath(_ read: TopLevelItems, of item: TopLevelItems.Item) -> String? {
        let line = item.firstLine
        let lineTokens = read.source.tokens(touching: line)
        guard lineTokens.first?.range == read.code[item.tokens.lowerBound].range,
            lineTokens.allSatisfy({ $0.line == line && $0.lastLine == line && $0.isTerminated })
        else { return nil }
        var path = ""
        for index in item.tokens.dropFirst() {
            let token = read.code[index]
            switch token.kind {
            case .identifier: path += (path.isEmpty || path.hasSuffix(".") ? "" : " ") + read.text(index)
            case .punctuation, .operator:
                guard read.text(index) == "." else { return nil }
                path += "."
            default: return nil
            }
        }
        return path.isEmpty || path.hasSuffix(".") ? nil : path
    }
}
