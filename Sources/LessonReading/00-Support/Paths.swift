import Foundation

/// Paths as every stage needs them.
package enum Paths {
    /// Path, size and modification time of a file, symbolic links followed: what names a tool (the
    /// compiler, the checker) in a cache's keys, so that a tool replaced in place is a new tool.
    /// The running program: the checker, or the test runner of a course repository that links it.
    package static var runningProgram: String {
        Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    package static func identity(of path: String) -> String {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
            return "\(path) missing"
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) -> \(resolved) \(size) \(modified)"
    }

    /// Where a user's caches go (the XDG base directories): `$XDG_CACHE_HOME`, else `$HOME/.cache`; nil
    /// without either.
    package static func cacheHome(environment: [String: String]) -> String? {
        environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.cache" }
    }

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
