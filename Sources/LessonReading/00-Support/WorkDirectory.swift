import Foundation

/// A private scratch directory for one build or run, removed when done.
package struct WorkDirectory: Sendable {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// Creates a fresh directory under the system's temporary directory, or under `base`.
    package static func create(prefix: String = "lesson", base: String? = nil) throws -> WorkDirectory {
        // An interrupted process makes no more folders: they would outlive it.
        guard !Cleanup.shared.isInterrupted else { throw LessonError(.system, "interrupted") }
        let base = base ?? FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw LessonError(.system, "cannot create a temporary directory under \(base)")
        }
        let path = String(cString: created)
        Cleanup.shared.register(folder: path)
        return WorkDirectory(path: path)
    }

    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
        Cleanup.shared.unregister(folder: path)
    }

    /// Runs `body` in a fresh directory and removes the directory afterwards.
    package static func using<Result>(
        prefix: String = "lesson", base: String? = nil, _ body: (WorkDirectory) throws -> Result
    ) throws -> Result {
        let directory = try create(prefix: prefix, base: base)
        defer { directory.remove() }
        return try body(directory)
    }

    /// A memory file system for files that are only read, never executed: creating a thousand files on a
    /// disk file system costs more than parsing them. Linux has one at `/dev/shm` (often mounted `noexec`,
    /// so never for programs); elsewhere nil, and the temporary directory is used.
    package static let memoryBase: String? = {
        let candidate = "/dev/shm"
        return access(candidate, W_OK | X_OK) == 0 ? candidate : nil
    }()
}
