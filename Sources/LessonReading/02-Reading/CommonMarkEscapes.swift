/// What CommonMark decodes in an info string: backslash escapes of ASCII punctuation (`\_` is `_`) and
/// entity and numeric character references (`&ouml;`, `&#123;`, `&#x7B;`). Anything else stays as written.
package enum CommonMarkEscapes {
    package static let punctuation = Set(##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.unicodeScalars)

    package static func decoded(_ text: String) -> String {
        // With memchr: a loop over the bytes, or Foundation's substring search, costs a line of megabytes seconds.
        guard text.containsBytes("\\") || text.containsBytes("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count, punctuation.contains(scalars[index + 1]) {
                result.append(scalars[index + 1])
                index += 2
            } else if scalar == "&", let (replacement, length) = reference(in: scalars, at: index) {
                result.append(contentsOf: replacement.unicodeScalars)
                index += length
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// The character reference starting at `start` (an `&`): what it stands for and how many scalars it
    /// takes, `;` included.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        guard let semicolon = scalars[start...].prefix(40).firstIndex(of: ";") else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<semicolon]))
        let length = semicolon - start + 1
        guard body.first == "#" else {
            return HTMLEntities.characters[Substring(body)].map { ($0, length) }
        }
        var digits = body.dropFirst()
        var radix = 10
        if digits.first == "x" || digits.first == "X" {
            radix = 16
            digits = digits.dropFirst()
        }
        let most = radix == 16 ? 6 : 7
        guard (1...most).contains(digits.count), digits.allSatisfy({ $0.isHexDigit && (radix == 16 || $0.isNumber) }),
            let code = UInt32(digits, radix: radix)
        else { return nil }
        // Code point 0, surrogates and values past Unicode become U+FFFD, as the spec says.
        let character = code == 0 ? nil : Unicode.Scalar(code)
        return (String(character ?? "\u{FFFD}"), length)
    }
}
