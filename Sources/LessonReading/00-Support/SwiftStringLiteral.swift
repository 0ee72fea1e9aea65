/// Text written into generated Swift source (a course's `Package.swift`, its test cases) as a string literal.
package enum SwiftStringLiteral {
    /// `text` as a Swift string literal holds it, whatever it holds: a quote, a backslash (which would start an
    /// interpolation) and every control character escaped, so that nothing of it is read as Swift code.
    package static func quoting(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || [0x2028, 0x2029].contains(scalar.value):
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}
