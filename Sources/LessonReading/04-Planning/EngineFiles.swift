import Foundation

/// How a course's engine files are read: as regular files of bounded size, inside the engines' folder. A link
/// that leaves the folder is refused, not followed: an `Engines/Bank/Account.swift` linked to `/etc/shadow`
/// or `/proc/self/environ` put the target's lines into the compiler's diagnostics, `--contain` or not.
package enum EngineFiles {
    /// The real path of the engines' folder `directory`, against which every file is checked.
    package static func root(of directory: String) -> String {
        guard let resolved = realpath(directory, nil) else { return directory }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is a folder inside `root`, a link to one inside it included.
    package static func isFolder(_ path: String, inside root: String) -> Bool {
        guard let resolved = resolved(path), isInside(resolved, root) else { return false }
        var status = stat()
        return stat(resolved, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The text of the engine file at `path`; throws, naming it, when it leads outside `root`, is not a
    /// regular file, holds more than a lesson file may, or is not UTF-8.
    package static func text(of path: String, inside root: String) throws -> String {
        guard let resolved = resolved(path) else { throw LessonError(.input, "--engines: cannot read \(path)") }
        guard isInside(resolved, root) else {
            throw LessonError(
                .input,
                "--engines: \(path) is a link to a file outside the engines' folder; an engine's files are read "
                    + "inside it only")
        }
        switch LessonFileBytes.read(resolved) {
        case .bytes(let data):
            guard let text = String(data: data, encoding: .utf8) else {
                throw LessonError(.input, "--engines: cannot read \(path) as UTF-8")
            }
            return text
        case .unreadable: throw LessonError(.input, "--engines: cannot read \(path)")
        case .notRegular(let kind):
            throw LessonError(.input, "--engines: \(path): " + LessonFileBytes.notRegularMessage(kind))
        case .tooLarge(let size):
            throw LessonError(.input, "--engines: \(path): " + LessonFileBytes.tooLargeMessage(size))
        }
    }

    private static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
