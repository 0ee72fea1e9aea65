import Foundation

/// Turns the paths a user gives into lesson files: a file is taken as it is; a folder gives every Markdown
/// file below it, sorted by path, but for hidden folders, a checkout of this checker (its fixtures are broken
/// on purpose) and what the exclusions name (`--exclude`, `.lessonignore`).
public enum LessonDiscovery {
    /// The file a course or site lists its exclusions in, at the folder `lesson` runs in.
    public static let ignoreFile = ".lessonignore"

    /// The patterns of `ignoreFile` in `folder`: one a line, `#` comments and blank lines left out; none
    /// without the file.
    public static func ignorePatterns(in folder: String = ".") -> [String] {
        guard let text = LessonFileBytes.text(folder == "." ? ignoreFile : folder + "/" + ignoreFile) else { return [] }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && !$0.hasPrefix("#")
        }
    }

    /// The extensions GitHub renders as Markdown, compared in any case (`README.MD`).
    public static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkdn", "mkd", "mdwn"]

    /// Whether a file's name (the last component of `path`) is a Markdown file's.
    public static func isMarkdown(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return markdownExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    public static func lessonFiles(in paths: [String], excluding patterns: [String] = []) throws -> [String] {
        let exclusions = patterns.map(Exclusion.init)
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
            let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            while let relative = enumerator.nextObject() as? String {
                let components = relative.split(separator: "/")
                let folder = enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
                if components.contains(where: { $0.hasPrefix(".") })
                    || exclusions.contains(where: { $0.matches(relative, folder: folder) })
                    || (folder && CheckerSource.isCheckerPackage(base + "/" + relative))
                {
                    if folder { enumerator.skipDescendants() }
                    continue
                }
                if isMarkdown(relative) { found.append(relative) }
            }
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

    /// One exclusion, as `.gitignore` writes them: `drafts/` a folder of that name anywhere, `*.draft.md` a
    /// file name anywhere, `site/_includes` (with a `/` inside) a path from the folder checked.
    package struct Exclusion {
        package var pattern: String
        package var foldersOnly: Bool
        package var anchored: Bool

        package init(_ text: String) {
            var pattern = text.hasPrefix("/") ? String(text.dropFirst()) : text
            foldersOnly = pattern.hasSuffix("/")
            if foldersOnly { pattern.removeLast() }
            anchored = text.hasPrefix("/") || pattern.contains("/")
            self.pattern = pattern
        }

        package func matches(_ relative: String, folder: Bool) -> Bool {
            if foldersOnly && !folder { return false }
            if anchored { return fnmatch(pattern, relative, FNM_PATHNAME) == 0 }
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            return fnmatch(pattern, name, 0) == 0
        }
    }
}
