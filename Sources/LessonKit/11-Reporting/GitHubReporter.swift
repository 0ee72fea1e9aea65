/// The report as GitHub Actions workflow commands: `::error file=PATH,line=N,col=C,title=…::message`, one
/// per finding (`::warning` for a warning, `::notice` for a note), so findings appear on the lines of a pull
/// request. Control and bidirectional characters (a program's output may hold ESC, BEL or U+202E) are
/// written as escapes a reader sees (`TerminalSafe`), as in the text report: the workflow log shows them,
/// it does not perform them.
public enum GitHubReporter {
    public static func render(_ report: CheckReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            let path = TerminalSafe.escape(finding.location.path)
            var properties = ["file=\(property(path))", "line=\(finding.location.line)"]
            if let column = finding.location.column { properties.append("col=\(column)") }
            properties.append("title=\(property("lesson check: \(finding.kind.rawValue)"))")
            let message = ([finding.message] + finding.detailLines)
                .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
                .map { TerminalSafe.escape(String($0)) }.joined(separator: "\n")
            let command =
                switch finding.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            lines.append("::\(command) \(properties.joined(separator: ","))::\(data(message))")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A command's message: `%`, CR and LF escaped, as the runner requires.
    public static func data(_ text: String) -> String {
        text.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A property value: as a message, plus `:` and `,`.
    public static func property(_ text: String) -> String {
        text.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}

extension String {
    /// Replaces every scalar that is a key of `replacements`, in one pass.
    func replacingAll(_ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
