import Foundation

/// Paths as every stage needs them.
package enum Paths {
    /// The absolute form of a path the user gave, `.` and `..` resolved: what `#sourceLocation` names, so
    /// that diagnostics point into the Markdown file wherever the compiler runs.
    package static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The folder of `path`, as `NSString.deletingLastPathComponent` gives it (`a/b` → `a`, `/a` → `/`,
    /// `a` → empty), which Foundation on Linux traps on for a name of one character (`o`, `x`).
    package static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return String(parent)
    }
}
