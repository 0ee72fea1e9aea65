import Foundation

/// Paths as every stage needs them.
package enum Paths {
    /// The absolute form of a path the user gave, `.` and `..` resolved: what `#sourceLocation` names, so
    /// that diagnostics point into the Markdown file wherever the compiler runs.
    package static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
