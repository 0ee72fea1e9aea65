import Foundation

/// JSON as every report and result is written.
package enum StableJSON {
    /// Pretty, key-sorted JSON with a final newline: stable bytes for golden files and diffs. An empty array
    /// or object is written `[]` or `{}`, not with a blank line inside.
    package static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
        return compactingEmptyContainers(text) + "\n"
    }

    /// `[` or `{` outside a string, then only blank space up to its closing bracket, becomes `[]` or `{}`.
    package static func compactingEmptyContainers(_ text: String) -> String {
        var result = ""
        var pending = ""
        var opener: Character?
        var inString = false
        var escaped = false
        for character in text {
            if let open = opener {
                if character.isWhitespace {
                    pending.append(character)
                    continue
                }
                if !((open == "[" && character == "]") || (open == "{" && character == "}")) { result += pending }
                opener = nil
                pending = ""
            }
            result.append(character)
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "[" || character == "{" {
                opener = character
            }
        }
        return result + pending
    }
}
