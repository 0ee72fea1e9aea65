import Foundation

/// Writing a report or result where `--output` says. A report that cannot be written is an error (exit 2),
/// said in one line with the path and the system's reason, never a passing run without its report.
enum ReportFile {
    struct Unwritable: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to `path` atomically: a temporary file in the same folder, then a rename.
    static func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let template = (folder.isEmpty ? "." : folder) + "/.lesson-report-XXXXXX"
        var name = Array(template.utf8CString)
        let descriptor = mkstemp(&name)
        guard descriptor >= 0 else { throw Unwritable(path: path, reason: systemReason(errno, folder: folder)) }
        let temporary = String(cString: name)
        var failure: Int32 = 0
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if failure == 0 && fchmod(descriptor, 0o644) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Unwritable(path: path, reason: systemReason(failure, folder: folder))
        }
    }

    /// Makes the folder `path` (and its parents), or says in one line why it cannot.
    static func createFolder(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Unwritable(path: path, reason: "a file is in the way") }
            guard access(path, W_OK) == 0 else {
                throw Unwritable(path: path, reason: systemReason(errno, folder: path))
            }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try createFolder(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw Unwritable(path: path, reason: systemReason(errno, folder: parent))
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

    /// The system's words for an error number; for a missing folder, which folder.
    static func systemReason(_ number: Int32, folder: String) -> String {
        if number == ENOENT || number == ENOTDIR {
            return "the folder \(folder.isEmpty ? "." : folder) does not exist"
        }
        return String(cString: strerror(number)).lowercased()
    }
}
