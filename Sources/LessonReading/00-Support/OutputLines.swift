/// How text is cut into lines, wherever output or source is compared line by line.
package enum OutputLines {
    /// The lines of `text`: CRLF read as LF, and the final newline not starting a line.
    package static func split(_ text: String) -> [String] {
        // "\r\n" is one Character in Swift, so both separators are named.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
