import Foundation
import LessonKit

/// Writing a report or result where `--output` says. A report that cannot be written is an error (exit 2),
/// said in one line with the path and the system's reason, never a passing run without its report.
enum ReportFile {
    /// The error of an output that cannot be written: the path and the system's reason.
    static func unwritable(_ path: String, reason: String) -> LessonError {
        LessonError(.output, "cannot write \(path): \(reason)")
    }

    /// Writes `text` to `path` atomically: a temporary file in the same folder, then a rename.
    static func write(_ text: String, to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    /// Makes the folder `path` (and its parents), or says in one line why it cannot. An empty path, the
    /// folder of a file named without one, is the current folder.
    static func createFolder(_ path: String) throws {
        let path = path.isEmpty ? "." : path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw unwritable(path, reason: "a file is in the way") }
            guard access(path, W_OK) == 0 else {
                throw unwritable(path, reason: systemReason(errno, folder: path))
            }
            return
        }
        let parent = Paths.parent(path)
        if !parent.isEmpty && parent != path { try createFolder(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw unwritable(path, reason: systemReason(errno, folder: parent))
        }
    }

    /// The system's reason behind a Foundation error, without its domain and code.
    static func reason(of error: Error) -> String {
        let error = error as NSError
        let posix = (error.userInfo[NSUnderlyingErrorKey] as? NSError) ?? error
        if posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        return "it could not be written"
    }

    static func systemReason(_ number: Int32, folder: String) -> String {
        AtomicFile.systemReason(number, folder: folder)
    }
}
