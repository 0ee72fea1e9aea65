/// What a submission may not hold, found by reading its code as the compiler does: comments and string
/// literals are not code, so a comment that mentions `#warning` refuses nothing. One pass over the bytes,
/// whatever the submission holds: a megabyte is read in milliseconds.
///
/// Refused: the directives `#sourceLocation` (it moves where the compiler reports errors), `#error` and
/// `#warning` (their messages could read as the grader's), and an `@available(…)` attribute whose arguments
/// hold a string that breaks lines (an escape `\n`, `\r` or `\u{…}`, or a multi-line string), which the
/// compiler would print as lines of its own.
enum SubmissionRules {
    /// Why the submission is refused, or nil.
    static func refusal(of source: String) -> String? {
        let found = scan(Array(source.utf8))
        if found.sourceLocation {
            return "#sourceLocation is not allowed in a submission (it moves where the compiler reports errors)"
        }
        if found.diagnosticDirective {
            return "#error and #warning are not allowed in a submission (their messages could read as the grader's)"
        }
        if found.availabilityBreaksLines {
            return "an @available message may not break lines in a submission (it could read as the grader's)"
        }
        return nil
    }

    struct Found: Equatable {
        var sourceLocation = false
        var diagnosticDirective = false
        var availabilityBreaksLines = false
    }

    /// Where the scanner is: in code (with the depth of parentheses), or in a string literal.
    private enum Context {
        /// Code; `interpolation` when it is a string's `\(…)`, which ends at its closing parenthesis.
        case code(depth: Int, interpolation: Bool)
        case string(hashes: Int, multiline: Bool)
    }

    static func scan(_ bytes: [UInt8]) -> Found {
        var found = Found()
        var stack: [Context] = [.code(depth: 0, interpolation: false)]
        /// The code depth of the `@available(` whose arguments are being read, and the stack size there.
        var availability: (depth: Int, level: Int)?
        var index = 0
        func at(_ offset: Int, _ text: String) -> Bool {
            let pattern = Array(text.utf8)
            guard offset + pattern.count <= bytes.count else { return false }
            return bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
        }
        func isIdentifier(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte >= 0x80
        }
        while index < bytes.count {
            switch stack[stack.count - 1] {
            case .string(let hashes, let multiline):
                // Only a quote or a backslash can end the string or escape: every other byte is text.
                guard bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                let escape = "\\" + String(repeating: "#", count: hashes)
                if at(index, closing) {
                    stack.removeLast()
                    index += closing.utf8.count
                } else if at(index, escape) {
                    let next = index + escape.utf8.count
                    if next < bytes.count, bytes[next] == UInt8(ascii: "(") {
                        stack.append(.code(depth: 1, interpolation: true))
                    } else if availability != nil,
                        next < bytes.count,
                        [UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "u")].contains(bytes[next])
                    {
                        found.availabilityBreaksLines = true
                    }
                    index = next + 1
                } else {
                    index += 1
                }
            case .code(let depth, let interpolation):
                let byte = bytes[index]
                // Only these bytes start a comment, a string, a directive, an attribute or a parenthesis.
                switch byte {
                case 0x2F, 0x22, 0x23, 0x40, 0x28, 0x29: break  // / " # @ ( )
                default:
                    index += 1
                    continue
                }
                if at(index, "//") {
                    while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if at(index, "/*") {
                    index = endOfBlockComment(bytes, from: index)
                } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && opensRawString(bytes, at: index))
                {
                    var hashes = 0
                    while bytes[index] == UInt8(ascii: "#") {
                        hashes += 1
                        index += 1
                    }
                    let multiline = at(index, "\"\"\"")
                    if multiline && availability != nil { found.availabilityBreaksLines = true }
                    stack.append(.string(hashes: hashes, multiline: multiline))
                    index += multiline ? 3 : 1
                } else if byte == UInt8(ascii: "#"), index + 1 < bytes.count, isIdentifier(bytes[index + 1]),
                    index == 0 || !isIdentifier(bytes[index - 1])
                {
                    var end = index + 1
                    while end < bytes.count && isIdentifier(bytes[end]) { end += 1 }
                    switch String(decoding: bytes[(index + 1)..<end], as: UTF8.self) {
                    case "sourceLocation": found.sourceLocation = true
                    case "error", "warning": found.diagnosticDirective = true
                    default: break
                    }
                    index = end
                } else if at(index, "@available"), index + 10 >= bytes.count || !isIdentifier(bytes[index + 10]) {
                    var next = index + 10
                    while next < bytes.count && (bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0A) {
                        next += 1
                    }
                    if next < bytes.count, bytes[next] == UInt8(ascii: "("), availability == nil {
                        availability = (depth, stack.count)
                        stack[stack.count - 1] = .code(depth: depth + 1, interpolation: interpolation)
                        index = next + 1
                    } else {
                        index = next
                    }
                } else if byte == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(depth: depth + 1, interpolation: interpolation)
                    index += 1
                } else if byte == UInt8(ascii: ")") {
                    index += 1
                    if interpolation && depth == 1 {
                        stack.removeLast()
                        continue
                    }
                    stack[stack.count - 1] = .code(depth: max(depth - 1, 0), interpolation: interpolation)
                    if let open = availability, open.level == stack.count, open.depth == depth - 1 {
                        availability = nil
                    }
                } else {
                    index += 1
                }
            }
        }
        return found
    }

    /// Whether the `#` at `index` starts a raw string: hashes, then a quote.
    private static func opensRawString(_ bytes: [UInt8], at index: Int) -> Bool {
        var next = index
        while next < bytes.count && bytes[next] == UInt8(ascii: "#") { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: "\"")
    }

    /// The index after the block comment that opens at `index`; block comments nest.
    private static func endOfBlockComment(_ bytes: [UInt8], from index: Int) -> Int {
        var depth = 0
        var position = index
        while position + 1 < bytes.count {
            if bytes[position] == UInt8(ascii: "/") && bytes[position + 1] == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return position }
            } else {
                position += 1
            }
        }
        return bytes.count
    }
}
