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

    private static func parseHeader(_ line: Substring) -> CompilerDiagnostic? {
        for severity in [Severity.error, .warning, .note, .remark] {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let column = Int(location[location.count - 1]),
                let lineNumber = Int(location[location.count - 2])
            else { continue }
            // `#sourceLocation` names stay escaped in diagnostics (`a\"b.md`): read them as written.
            let file = unescape(location[..<(location.count - 2)].joined(separator: ":"))
            return CompilerDiagnostic(
                file: file, line: lineNumber, column: column, severity: severity,
                message: String(line[marker.upperBound...]), context: [])
        }
        return nil
    }
}
