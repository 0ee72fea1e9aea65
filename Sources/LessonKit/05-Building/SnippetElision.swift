/// Code a snippet leaves out on purpose, as books and docs write it: a line that is only `...` or `…`, a body
/// that is only one (`func f() { ... }`), an ellipsis that stands where an expression or a list goes
/// (`let pet: Pet = ...`, `dependencies: [ ... ]`, `f(a, ...)`), an initializer left to a comment
/// (`let data = // ... download ...`), and Xcode placeholders `<#name#>` (The Swift Programming Language's
/// grammar templates, `<#label name#>: while <#condition#> {`). None is an error. An elided line is parsed as
/// an empty line and an elided body as spaces, so every other line and column keeps its place; an ellipsis
/// in an expression becomes a name of its width; a placeholder stays, and the parser's errors on a line that
/// holds one are dropped (a placeholder stands for a name, a type, a parameter list or a whole clause, which the
/// rest of its line depends on). A real error on any other line is still reported at that line. `verbatim`
/// on the block parses it exactly as written.
enum SnippetElision {
    static let placeholderMessage = "editor placeholder in source file"

    /// Whether elisions are read in `block`: unless it is marked `verbatim`.
    static func applies(to block: FencedBlock) -> Bool { !block.info.has("verbatim") }

    /// Whether a line stands for code left out.
    static func isElided(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return trimmed == "..." || trimmed == "…"
    }

    /// The text a snippet is parsed as: its elided lines made empty, its elided bodies made spaces, the
    /// ellipses and comments that stand for an expression made placeholders.
    static func text(of block: FencedBlock) -> String {
        guard applies(to: block) else { return block.text }
        return block.content.map {
            (isElided($0.text) ? "" : withElidedExpressions(withoutElidedBodies($0.text))) + "\n"
        }.joined()
    }

    /// What an elided expression is parsed as: a name of as many bytes as `...` and `…`, so that every
    /// column of the line keeps its place and an error elsewhere on it is still reported there. Snippets are
    /// only parsed, so the name need not exist.
    static let elidedExpression = "___"

    /// An ellipsis that is no operator's operand or operator (nothing but an opening bracket, `=`, `,`, `:`
    /// or the start of the line before it, and a closing bracket, `,`, a comment or the end of the line after
    /// it) made a name; and a line whose code ends with `=` and whose comment holds an ellipsis (the
    /// initializer left to prose) given a name after the `=`. An ellipsis inside a string literal (plain or
    /// raw) stays, and so does `xs[...]`, a subscript with the unbounded range.
    static func withElidedExpressions(_ line: String) -> String {
        guard line.contains("...") || line.contains("…") else { return line }
        let characters = Array(line)
        var result = ""
        var closingHashes: Int?  // inside a string literal: the `#`s that close it after its quote
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let hashes = closingHashes {
                let closes =
                    character == "\"" && (hashes > 0 || !escaped(characters, before: index))
                    && characters[(index + 1)...].prefix(hashes).count == hashes
                    && characters[(index + 1)...].prefix(hashes).allSatisfy { $0 == "#" }
                if closes {
                    result += String(characters[index...(index + hashes)])
                    index += hashes + 1
                    closingHashes = nil
                    continue
                }
            } else if character == "\"" || character == "#" {
                let hashes = characters[index...].prefix { $0 == "#" }.count
                if index + hashes < characters.count, characters[index + hashes] == "\"" {
                    result += String(characters[index...(index + hashes)])
                    index += hashes + 1
                    closingHashes = hashes
                    continue
                }
            } else if character == "/", index + 1 < characters.count,
                characters[index + 1] == "/" || characters[index + 1] == "*"
            {
                let comment = String(characters[index...])
                let code = result.droppingTrailingSpaces()
                if code.hasSuffix("="), !code.hasSuffix("=="), comment.contains("...") || comment.contains("…") {
                    return code + " " + elidedExpression + " " + comment
                }
                return result + comment
            }
            let length = character == "…" ? 1 : Array(characters[index...].prefix(3)) == [".", ".", "."] ? 3 : 0
            if closingHashes == nil, length > 0, standsAlone(characters, from: index, length: length) {
                result += elidedExpression
                index += length
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// Whether an odd number of backslashes stands right before `index`.
    private static func escaped(_ characters: [Character], before index: Int) -> Bool {
        characters[..<index].reversed().prefix { $0 == "\\" }.count % 2 == 1
    }

    private static func standsAlone(_ characters: [Character], from start: Int, length: Int) -> Bool {
        let before = characters[..<start].last { $0 != " " && $0 != "\t" }
        let after = characters[(start + length)...].first { $0 != " " && $0 != "\t" }
        // `....` or `.…` is no ellipsis of three.
        if start > 0, characters[start - 1] == "." { return false }
        if start + length < characters.count, characters[start + length] == "." { return false }
        let opens = before.map { "=([,:".contains($0) } ?? true
        // `xs[...]` subscripts with the unbounded range: valid code.
        if before == "[", let bracket = characters[..<start].lastIndex(of: "["), bracket > 0,
            characters[bracket - 1].isLetter || characters[bracket - 1].isNumber
                || "_)]?!".contains(characters[bracket - 1])
        {
            return false
        }
        let closes: Bool
        if let after, let afterIndex = characters[(start + length)...].firstIndex(of: after) {
            let next = afterIndex + 1 < characters.count ? characters[afterIndex + 1] : nil
            closes = ")],}".contains(after) || (after == "/" && (next == "/" || next == "*"))
        } else {
            closes = true
        }
        // `==` and `!=` before it make an operand of it.
        if before == "=", let equals = characters[..<start].lastIndex(of: "="), equals > 0,
            "=!<>".contains(characters[equals - 1])
        {
            return false
        }
        return opens && closes
    }

    /// `{ ... }` or `{ … }` on one line, with the ellipsis replaced by as many spaces as it has bytes.
    static func withoutElidedBodies(_ line: String) -> String {
        guard line.contains("{"), line.contains("...") || line.contains("…") else { return line }
        var result = ""
        var rest = line[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[...open]
            rest = rest[rest.index(after: open)...]
            let spaces = rest.prefix { $0 == " " || $0 == "\t" }
            let afterSpaces = rest.dropFirst(spaces.count)
            let ellipsis = afterSpaces.hasPrefix("...") ? "..." : afterSpaces.hasPrefix("…") ? "…" : nil
            guard let ellipsis else { continue }
            let afterEllipsis = afterSpaces.dropFirst(ellipsis.count)
            guard afterEllipsis.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("}") else { continue }
            result += spaces + String(repeating: " ", count: ellipsis.utf8.count)
            rest = afterEllipsis
        }
        return result + rest
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

    /// The errors of a parse that are not on a line holding a placeholder.
    static func withoutPlaceholders(_ errors: [CompilerDiagnostic], in text: String) -> [CompilerDiagnostic] {
        guard text.contains("<#") else { return errors }
        let lines = Set(placeholderStarts(in: text).map(\.line))
        return errors.filter { $0.message != placeholderMessage && !lines.contains($0.line) }
    }
}
