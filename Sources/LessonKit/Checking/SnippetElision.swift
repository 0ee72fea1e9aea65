/// Code a snippet leaves out on purpose, as books and docs write it: a line that is only `...` or `…`, and
/// Xcode placeholders `<#name#>` (The Swift Programming Language's grammar templates,
/// `<#label name#>: while <#condition#> {`). Neither is an error. An elided line is parsed as an empty line,
/// so every other line keeps its number; a placeholder stays, and the errors the parser gives at its first
/// column (it is no real name, type or parameter list) are dropped. A real error elsewhere in the block is
/// still reported at its own line. `verbatim` on the block parses it exactly as written.
enum SnippetElision {
    static let placeholderMessage = "editor placeholder in source file"

    /// Whether elisions are read in `block`: unless it is marked `verbatim`.
    static func applies(to block: FencedBlock) -> Bool { !block.info.has("verbatim") }

    /// Whether a line stands for code left out.
    static func isElided(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return trimmed == "..." || trimmed == "…"
    }

    /// The text a snippet is parsed as: its elided lines made empty.
    static func text(of block: FencedBlock) -> String {
        guard applies(to: block) else { return block.text }
        return block.content.map { (isElided($0.text) ? "" : $0.text) + "\n" }.joined()
    }

    /// A place in a parsed file: a 1-based line and a 1-based UTF-8 column, as the parser reports them.
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// Where each placeholder of `text` starts.
    static func placeholderStarts(in text: String) -> Set<Position> {
        var starts: Set<Position> = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line.utf8)
            var index = 0
            while index + 1 < bytes.count {
                // `<#` opens a placeholder only when `#>` closes it on the same line.
                if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "#"),
                    let close = closing(bytes, from: index + 2)
                {
                    starts.insert(Position(line: number + 1, column: index + 1))
                    index = close + 2
                } else {
                    index += 1
                }
            }
        }
        return starts
    }

    private static func closing(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "#") && bytes[index + 1] == UInt8(ascii: ">") { return index }
            index += 1
        }
        return nil
    }

    /// The errors of a parse that are not about a placeholder.
    static func withoutPlaceholders(_ errors: [CompilerDiagnostic], in text: String) -> [CompilerDiagnostic] {
        guard text.contains("<#") else { return errors }
        let starts = placeholderStarts(in: text)
        return errors.filter {
            $0.message != placeholderMessage && !starts.contains(Position(line: $0.line, column: $0.column))
        }
    }
}
