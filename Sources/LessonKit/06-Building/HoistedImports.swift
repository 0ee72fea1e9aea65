/// A scenario's `import` lines, which the function a merged program wraps the scenario in cannot hold: each
/// must be a line of its own at the top level (`import Foundation`, `import struct Foundation.Date`, a comment
/// after it). A merged program then imports them at the top of its files, and the scenario's code keeps every
/// other line in its place, the import lines blank.
struct HoistedImports: Equatable {
    /// Each import as written, in the scenario's order.
    var imports: [String]
    /// The scenario with its import lines blank.
    var code: String

    /// Nil when an `import` is not a line of its own at the top level (after an attribute such as
    /// `@testable`, inside braces, sharing its line with other code or a comment that runs on).
    init?(_ text: String) {
        let source = LexedSource.of(text)
        var depth = 0
        var lines: [Int: [SwiftToken]] = [:]
        var importTokens: [SwiftToken] = []
        for token in source.tokens where token.kind != .newline {
            if token.kind == .close { depth -= 1 }
            if token.isCode, source.token(token, is: "import") {
                guard depth == 0 else { return nil }
                importTokens.append(token)
            }
            if token.kind == .open { depth += 1 }
            lines[token.line, default: []].append(token)
        }
        var blanked = Set<Int>()
        imports = []
        for token in importTokens {
            guard let line = lines[token.line], line.first?.range == token.range,
                let written = Self.importPath(line.dropFirst(), in: source)
            else { return nil }
            imports.append("import " + written)
            blanked.insert(token.line)
        }
        var textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in blanked where line < textLines.count { textLines[line] = "" }
        code = textLines.joined(separator: "\n")
    }

    /// The words after `import` on its line, joined as written (`struct Foundation.Date`); nil when the line
    /// holds anything else but a comment that ends on it.
    private static func importPath(_ tokens: ArraySlice<SwiftToken>, in source: LexedSource) -> String? {
        var path = ""
        for token in tokens {
            guard token.lastLine == token.line else { return nil }
            switch token.kind {
            case .lineComment, .blockComment(terminated: true): continue
            case .identifier: path += (path.isEmpty || path.hasSuffix(".") ? "" : " ") + source.text(of: token)
            case .punctuation, .operator:
                guard source.token(token, is: ".") else { return nil }
                path += "."
            default: return nil
            }
        }
        return path.isEmpty || path.hasSuffix(".") ? nil : path
    }
}
