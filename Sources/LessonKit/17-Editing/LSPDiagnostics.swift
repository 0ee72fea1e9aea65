/// A lesson's findings as LSP diagnostics: each at its line (from its column to the line's end when it has
/// one, else the whole line), in UTF-16 units of the text the check read, with its severity, its kind as
/// the code, and the lines a terminal would show under it (the diff) in the message.
enum LSPDiagnostics {
    static func of(_ report: LessonReport, text: String) -> [[String: Any]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let findings = report.checks.flatMap(\.findings) + report.lessonFindings
        var seen = Set<Finding>()
        return findings.filter { $0.location.path == report.path && seen.insert($0).inserted }.map { finding in
            let index = min(max(finding.location.line - 1, 0), max(lines.count - 1, 0))
            let line = lines.isEmpty ? "" : lines[index]
            let start = finding.location.column.map { LSPPosition.offset(ofColumn: $0, in: line) } ?? 0
            let message = ([finding.message] + finding.detailLines).joined(separator: "\n")
            return [
                "range": [
                    "start": ["line": index, "character": start],
                    "end": ["line": index, "character": LSPPosition.length(of: line)],
                ],
                "severity": severity(finding.severity), "code": finding.kind.rawValue, "source": "lesson",
                "message": message,
            ]
        }
    }

    private static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// The range of all of `text`: from its start to past its last line.
    static func wholeText(_ text: String) -> [String: Any] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return [
            "start": ["line": 0, "character": 0],
            "end": ["line": lines.count - 1, "character": LSPPosition.length(of: String(lines.last ?? ""))],
        ]
    }
}
