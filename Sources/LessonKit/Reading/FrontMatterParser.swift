import Foundation

/// Reads front matter between two `---` lines at the very top of a lesson. What it cannot read is a finding
/// at its line; nothing is silently dropped.
enum FrontMatterParser {
    struct Result {
        var frontMatter = FrontMatter()
        /// Index of the first line after the front matter.
        var bodyStart: Int
        var problems: [(line: Int, message: String)] = []
    }

    static func parse(_ lines: [SourceLine]) -> Result {
        guard let first = lines.first, first.text.trimmingSpaces() == "---" else {
            return Result(bodyStart: 0)
        }
        guard let closing = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.text.trimmingSpaces()) })
        else {
            return Result(
                bodyStart: 0,
                problems: [(first.number, "front matter is never closed: add a line '---' after its last key")])
        }
        var result = Result(bodyStart: closing + 1)
        result.frontMatter.lines = first.number...lines[closing].number
        var listKey: Int?  // index of the entry whose list items follow
        for line in lines[1..<closing] {
            let trimmed = line.text.trimmingSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed == "-" || trimmed.hasPrefix("- ") {
                addListItem(trimmed, at: line.number, to: listKey, in: &result)
            } else {
                listKey = addEntry(line, to: &result)
            }
        }
        return result
    }

    /// `- item` under the key `listKey` names.
    private static func addListItem(_ trimmed: String, at line: Int, to listKey: Int?, in result: inout Result) {
        guard let index = listKey else {
            result.problems.append((line, "list item '\(trimmed)' does not belong to a key"))
            return
        }
        switch scalar(String(trimmed.dropFirst()).trimmingSpaces()) {
        case .success(let item):
            if case .list(var items) = result.frontMatter.entries[index].value {
                items.append(item)
                result.frontMatter.entries[index].value = .list(items)
            }
        case .failure(let problem):
            result.problems.append((line, problem.message))
        }
    }

    /// `key: value`, or `key:` opening a list; returns the index of the entry whose list items may follow.
    private static func addEntry(_ line: SourceLine, to result: inout Result) -> Int? {
        let text = line.text
        guard let colon = text.firstIndex(of: ":"), text.first.map({ $0 != " " && $0 != "\t" }) == true else {
            result.problems.append((line.number, "expected 'key: value', found '\(text.trimmingSpaces())'"))
            return nil
        }
        let key = String(text[..<colon])
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            result.problems.append((line.number, "'\(key)' is not a valid key"))
            return nil
        }
        if result.frontMatter.entry(key) != nil {
            result.problems.append((line.number, "key '\(key)' appears twice"))
            return nil
        }
        let rawValue = String(text[text.index(after: colon)...]).trimmingSpaces()
        if rawValue.isEmpty {
            result.frontMatter.entries.append(.init(key: key, value: .list([]), line: line.number))
            return result.frontMatter.entries.count - 1
        }
        switch scalar(rawValue) {
        case .success(let value):
            result.frontMatter.entries.append(.init(key: key, value: .text(value), line: line.number))
        case .failure(let problem):
            result.problems.append((line.number, "value of '\(key)': \(problem.message)"))
        }
        return nil
    }

    struct Problem: Error {
        var message: String
    }

    /// A plain, single-quoted or double-quoted scalar.
    static func scalar(_ text: String) -> Swift.Result<String, Problem> {
        if text.hasPrefix("'") { return singleQuoted(text) }
        if text.hasPrefix("\"") { return doubleQuoted(text) }
        if let first = text.first, "[{|>&*!%@`".contains(first) {
            return .failure(Problem(message: "'\(text)' uses YAML syntax lessons do not support; quote the value"))
        }
        // A plain value ends before a comment.
        if let comment = text.range(of: " #") {
            return .success(String(text[..<comment.lowerBound]).trimmingSpaces())
        }
        return .success(text)
    }

    private static func singleQuoted(_ text: String) -> Swift.Result<String, Problem> {
        var value = ""
        var characters = text.dropFirst()[...]
        while let character = characters.popFirst() {
            if character == "'" {
                if characters.first == "'" {
                    value.append("'")
                    characters.removeFirst()
                    continue
                }
                return trailing(characters, after: value)
            }
            value.append(character)
        }
        return .failure(Problem(message: "the quote opened by \(text.prefix(12))… is never closed"))
    }

    private static func doubleQuoted(_ text: String) -> Swift.Result<String, Problem> {
        var value = ""
        var characters = text.dropFirst()[...]
        let escapes: [Character: Character] = ["\"": "\"", "\\": "\\", "/": "/", "n": "\n", "t": "\t"]
        while let character = characters.popFirst() {
            if character == "\"" { return trailing(characters, after: value) }
            if character == "\\" {
                guard let escaped = characters.popFirst(), let replacement = escapes[escaped] else {
                    return .failure(Problem(message: "unsupported escape in \(text)"))
                }
                value.append(replacement)
                continue
            }
            value.append(character)
        }
        return .failure(Problem(message: "the quote opened by \(text.prefix(12))… is never closed"))
    }

    /// After a closing quote only a comment may follow.
    private static func trailing(_ rest: Substring, after value: String) -> Swift.Result<String, Problem> {
        let rest = String(rest).trimmingSpaces()
        if rest.isEmpty || rest.hasPrefix("#") { return .success(value) }
        return .failure(Problem(message: "unexpected text '\(rest)' after the closing quote"))
    }
}
