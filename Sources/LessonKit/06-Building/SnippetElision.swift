/// Code a snippet leaves out on purpose, as books and docs write it: a line that is only `...` or `…`, a body
/// that is only one (`func f() { ... }`), an ellipsis that stands where an expression or a list goes
/// (`let pet: Pet = ...`, `dependencies: [ ... ]`, `f(a, ...)`), an initializer left to a comment
/// (`let data = // ... download ...`), and Xcode placeholders `<#name#>` (The Swift Programming Language's
/// grammar templates, `<#label name#>: while <#condition#> {`). None is an error. An elided line is parsed as
/// an empty line and an elided body as spaces, so every other line and column keeps its place; an ellipsis
/// in an expression becomes a name of its width; a placeholder stays, and the parser's errors at it are
/// dropped (a placeholder stands for a name, a type, a parameter list or a whole clause, and the parser says
/// what it lacks at the placeholder's first column). A real error anywhere else, on the placeholder's line or
/// another, is still reported there. `verbatim` on the block parses it exactly as written.
enum SnippetElision {
    static let placeholderMessage = "editor placeholder in source file"

    /// Whether elisions are read in `block`: unless it is marked `verbatim`.
    static func applies(to block: FencedBlock) -> Bool { !SnippetOptions(block).verbatim }

    /// Whether a line stands for code left out.
    static func isElided(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return trimmed == "..." || trimmed == "…"
    }

    /// The text a snippet is parsed as: its elided lines made empty, its elided bodies made spaces, the
    /// ellipses and comments that stand for an expression made placeholders.
    static func text(of block: FencedBlock) -> String {
        guard applies(to: block), !block.content.isEmpty else { return block.text }
        return elided(block.content.map(\.text).joined(separator: "\n")) + "\n"
    }

    /// What an elided expression is parsed as: a name of as many bytes as `...` and `…`, so that every
    /// column of the line keeps its place and an error elsewhere on it is still reported there. Snippets are
    /// only parsed, so the name need not exist.
    static let elidedExpression = "___"

    /// `text` with its elisions replaced, every line kept: a line that is only an ellipsis made empty, a body
    /// that is only one (`{ ... }`, on one line) made spaces, an ellipsis that is no operator's operand or
    /// operator made a name (nothing but an opening bracket, `=`, `,`, `:` or the start of the line before it,
    /// and a closing bracket, `,`, a comment or the end of the line after it), and a line whose code ends with
    /// `=` and whose comment holds an ellipsis (the initializer left to prose) given a name after the `=`. An
    /// ellipsis inside a string literal or a comment stays, and so does `xs[...]`, a subscript with the
    /// unbounded range.
    static func elided(_ text: String) -> String {
        guard text.containsBytes("...") || text.containsBytes("…") else { return text }
        let source = LexedSource(text)
        let tokens = source.tokens.filter { $0.kind != .newline }
        var edits: [(range: Range<Int>, replacement: String)] = []
        for (index, token) in tokens.enumerated() {
            let before = index > 0 && tokens[index - 1].lastLine == token.line ? tokens[index - 1] : nil
            let after = index + 1 < tokens.count && tokens[index + 1].line == token.lastLine ? tokens[index + 1] : nil
            if isEllipsis(token, in: source) {
                if let edit = ellipsisEdit(
                    token, before: before, after: after, beforeBefore: index > 1 ? tokens[index - 2] : nil, in: source)
                {
                    edits.append(edit)
                }
            } else if token.isComment, let before, source.token(before, is: "="), before.kind == .operator {
                let comment = source.text(of: token)
                if comment.containsBytes("...") || comment.containsBytes("…") {
                    edits.append((before.range.upperBound..<token.range.lowerBound, " " + elidedExpression + " "))
                }
            }
        }
        var bytes = source.bytes
        for edit in edits.reversed() { bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isEllipsis(_ token: SwiftToken, in source: LexedSource) -> Bool {
        token.kind == .operator && (source.token(token, is: "...") || source.token(token, is: "…"))
    }

    /// What an ellipsis token is replaced with: nothing (alone on its line), spaces (a body's), a name (an
    /// expression's), or nil when it is code (an operator).
    private static func ellipsisEdit(
        _ token: SwiftToken, before: SwiftToken?, after: SwiftToken?, beforeBefore: SwiftToken?, in source: LexedSource
    ) -> (range: Range<Int>, replacement: String)? {
        guard let before else {
            if after == nil { return (lineRange(of: token, in: source), "") }
            return closesExpression(after, in: source) ? (token.range, elidedExpression) : nil
        }
        if source.token(before, is: "{"), let after, source.token(after, is: "}") {
            return (token.range, String(repeating: " ", count: token.range.count))
        }
        let opens =
            (before.kind == .open && !source.token(before, is: "{"))
            || (before.kind == .operator && source.token(before, is: "="))
            || (before.kind == .punctuation && (source.token(before, is: ",") || source.token(before, is: ":")))
        guard opens, closesExpression(after, in: source) else { return nil }
        // `xs[...]` subscripts with the unbounded range: valid code.
        if source.token(before, is: "["), let subscripted = beforeBefore,
            subscripted.range.upperBound == before.range.lowerBound, subscripted.line == before.line,
            subscripted.kind == .identifier || subscripted.kind == .number || subscripted.kind == .close
                || (subscripted.kind == .operator
                    && (source.token(subscripted, is: "?") || source.token(subscripted, is: "!")))
        {
            return nil
        }
        return (token.range, elidedExpression)
    }

    /// The whole line of a token alone on it, its spaces included, without its line break.
    private static func lineRange(of token: SwiftToken, in source: LexedSource) -> Range<Int> {
        let start = source.lineStarts[token.line]
        let end = token.line + 1 < source.lineCount ? source.lineStarts[token.line + 1] - 1 : source.bytes.count
        return start..<max(start, end)
    }

    /// Whether what follows an ellipsis on its line ends the expression it stands for.
    private static func closesExpression(_ after: SwiftToken?, in source: LexedSource) -> Bool {
        guard let after else { return true }
        return after.kind == .close || after.isComment || (after.kind == .punctuation && source.token(after, is: ","))
    }

    /// A place in a parsed file: a 1-based line and a 1-based UTF-8 column, as the parser reports them.
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// Where each placeholder of `text` starts (one inside a string literal or a comment is none).
    static func placeholderStarts(in text: String) -> Set<Position> {
        guard text.contains("<#") else { return [] }
        let source = LexedSource(text)
        return Set(
            source.tokens.filter { $0.kind == .placeholder }.map {
                Position(line: $0.line + 1, column: source.column(of: $0) + 1)
            })
    }

    /// The errors of a parse that are not a placeholder's own. The parser reports what a placeholder stands
    /// for (a name, a parameter list, a file name) at the placeholder, or at the first character after it on its
    /// line: an error there is the placeholder's, and every other error is the snippet's, on any line. A
    /// template (every line of code holds a placeholder, as in a book's grammar: `where <#requirements#>`) is
    /// no code around its placeholders: there an error on a placeholder's line is the placeholder's.
    static func withoutPlaceholders(_ errors: [CompilerDiagnostic], in text: String) -> [CompilerDiagnostic] {
        guard text.contains("<#") else { return errors }
        let source = LexedSource(text)
        let placeholders = source.tokens.filter { $0.kind == .placeholder }
        let spans = placeholders.map { token in
            let start = source.column(of: token) + 1
            return (
                line: token.line + 1, columns: start...(start + token.range.count + spaces(after: token, in: source))
            )
        }
        let placeholderLines = Set(placeholders.map { $0.line + 1 })
        let template = isTemplate(source, placeholderLines: placeholderLines)
        return errors.filter { error in
            guard error.message != placeholderMessage else { return false }
            if template && placeholderLines.contains(error.line) { return false }
            return !spans.contains { $0.line == error.line && $0.columns.contains(error.column) }
        }
    }

    /// How many spaces and tabs follow a token on its line.
    private static func spaces(after token: SwiftToken, in source: LexedSource) -> Int {
        source.bytes[token.range.upperBound...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
    }

    /// Whether every line that holds code other than brackets holds a placeholder.
    private static func isTemplate(_ source: LexedSource, placeholderLines: Set<Int>) -> Bool {
        let codeLines = Set(
            source.tokens.filter { $0.isCode && $0.kind != .open && $0.kind != .close }.map { $0.line + 1 })
        return codeLines.isSubset(of: placeholderLines)
    }
}
