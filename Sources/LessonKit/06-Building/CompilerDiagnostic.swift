import Foundation

/// One diagnostic of `swiftc -diagnostic-style llvm`: `file:line:column: severity: message`, then the lines
/// that show the source and the caret.
package struct CompilerDiagnostic: Hashable, Sendable, Codable {
    package enum Severity: String, Sendable, Codable {
        case error, warning, note, remark
    }

    package var file: String
    package var line: Int
    package var column: Int
    package var severity: Severity
    package var message: String
    /// The source line and caret lines that follow the diagnostic.
    package var context: [String]
    /// The compiler's name for the diagnostic (`cannot_find_in_scope`), where it was asked to print it
    /// (`-debug-diagnostic-names`: `… in scope [cannot_find_in_scope]`); the message is read without it.
    package var id: String? = nil

    /// The diagnostics found in a compiler's output; lines that belong to none are left out. Headers only:
    /// the line after a header with a source location is that source line, echoed, and is never read as a
    /// header, whatever it holds (a student's line `x.md:30:1: error: …` is source, not a diagnostic).
    package static func parse(_ output: String) -> [CompilerDiagnostic] {
        var diagnostics: [CompilerDiagnostic] = []
        var echoesSource = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if !echoesSource, let diagnostic = parseHeader(line) {
                diagnostics.append(diagnostic)
                echoesSource = diagnostic.line > 0
                continue
            }
            echoesSource = false
            if !diagnostics.isEmpty, !String(line).trimmingSpaces().isEmpty {
                diagnostics[diagnostics.count - 1].context.append(String(line))
            }
        }
        return diagnostics
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }

    /// A message without the diagnostic's name the compiler put at its end (` [snake_case_name]`), and the
    /// name. Group names (`[#DeprecatedDeclaration]`) stay: they are part of what the compiler says.
    static func withoutName(_ message: Substring) -> (message: String, id: String?) {
        guard message.hasSuffix("]"), let open = message.lastIndex(of: "["), open > message.startIndex,
            message[message.index(before: open)] == " "
        else { return (String(message), nil) }
        let name = message[message.index(after: open)..<message.index(before: message.endIndex)]
        let isName =
            name.first.map { $0.isASCII && $0.isLowercase } ?? false
            && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) }
        guard isName else { return (String(message), nil) }
        return (String(message[..<message.index(before: open)]), String(name))
    }

    private static func parseHeader(_ line: Substring) -> CompilerDiagnostic? {
        for severity in [Severity.error, .warning, .note, .remark] {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let column = Int(location[location.count - 1]),
                let lineNumber = Int(location[location.count - 2])
            else { continue }
            // `#sourceLocation` names stay escaped in diagnostics (`a\"b.md`): read them as written.
            let file = unescape(location[..<(location.count - 2)].joined(separator: ":"))
            let (message, id) = withoutName(line[marker.upperBound...])
            return CompilerDiagnostic(
                file: file, line: lineNumber, column: column, severity: severity, message: message, context: [],
                id: id)
        }
        return nil
    }
}
