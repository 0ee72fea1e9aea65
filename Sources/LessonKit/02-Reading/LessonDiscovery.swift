import Foundation

/// Turns the paths a user gives into lesson files: a file is taken as it is; a folder gives every Markdown
/// file below it (hidden folders left out), sorted by path.
public enum LessonDiscovery {
    /// The extensions GitHub renders as Markdown, compared in any case (`README.MD`).
    public static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkdn", "mkd", "mdwn"]

    /// Whether a file's name (the last component of `path`) is a Markdown file's.
    public static func isMarkdown(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return markdownExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    public static func lessonFiles(in paths: [String]) throws -> [String] {
        let fileManager = FileManager.default
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LessonError(.input, "\(path): no such file or directory")
            }
            guard isDirectory.boolValue else {
                guard fileManager.isReadableFile(atPath: path) else {
                    throw LessonError(.input, "\(path): cannot read the file")
                }
                files.append(path)
                continue
            }
            guard let enumerator = fileManager.enumerator(atPath: path) else {
                throw LessonError(.input, "\(path): cannot read the folder")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.contains(where: { $0.hasPrefix(".") }) { continue }
                if isMarkdown(relative) { found.append(relative) }
            }
            let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            files += found.sorted().map { base == "." ? $0 : base + "/" + $0 }
        }
        // The same lesson named twice (`Lessons Lessons/x.md`, `x.md ./x.md`) is one lesson.
        var seen: Set<String> = []
        files = files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
        if files.isEmpty {
            throw LessonError(
                .input,
                "no lesson found in \(paths.joined(separator: ", ")) (looked for Markdown files: *.md, *.markdown, *.mdown, *.mkdn, *.mkd, *.mdwn)"
            )
        }
        return files
    }
}
