/// A CSV cell a spreadsheet opens as text, never as a formula: a cell a student chose (a folder name) that
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be run as a formula when the instructor
/// opens `summary.csv`, so it is written with a `'` before it, as OWASP's guidance on CSV injection says.
/// A cell that starts with `'` gets one more, so that reading drops exactly one: what is read back is what
/// was written.
package enum SpreadsheetCell {
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// The cell as written in a CSV file: guarded, then quoted when it holds a comma, a quote or a line break.
    package static func written(_ text: String) -> String {
        var cell = text
        if let first = text.unicodeScalars.first, formulaStarts.contains(first) { cell = "'" + text }
        guard cell.unicodeScalars.contains(where: { [",", "\"", "\n", "\r"].contains($0) }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A field read from a CSV file (already unquoted) as it was before it was guarded.
    package static func read(_ field: String) -> String {
        field.hasPrefix("'") ? String(field.dropFirst()) : field
    }
}
