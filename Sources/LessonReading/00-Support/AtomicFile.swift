import Foundation

/// The one way files are replaced whole: written to a temporary file in the same folder, then renamed over
/// the old one, so a reader sees the old file or the new one, never a part (a report, a lesson `--update`
/// rewrites, a cache entry).
package enum AtomicFile {
    /// How the temporary files of unfinished writes are named; a writer killed halfway leaves one.
    package static let temporaryPrefix = ".lesson-write-"

    /// Writes `bytes` to `path` (errors name it as given). The new file keeps the old one's permissions, or gets `0644`. A path that
    /// is a symbolic link is written where the link points, and the link stays.
    ///
    /// With a `mode`, `path` is a file of the checker's own (a cache entry): it is replaced as it is, link or
    /// not, and gets `mode`, which spares a check that writes hundreds of entries a lookup of every folder of
    /// every path.
    package static func write(_ bytes: some Collection<UInt8>, to path: String, mode: mode_t? = nil) throws {
        let target = mode == nil ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
        let folder = Paths.parent(path)
        let targetFolder = Paths.parent(target)
        var template = Array((targetFolder + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(path, errno, folder: folder) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var number = DescriptorWrite.all(Array(bytes), to: descriptor)
        var status = stat()
        let mode = mode ?? (stat(target, &status) == 0 ? status.st_mode & 0o7777 : 0o644)
        if number == 0 && fchmod(descriptor, mode) != 0 { number = errno }
        if close(descriptor) != 0 && number == 0 { number = errno }
        if number == 0 && rename(temporary, target) != 0 { number = errno }
        if number != 0 {
            unlink(temporary)
            throw failure(path, number, folder: folder)
        }
    }

    private static func failure(_ path: String, _ number: Int32, folder: String) -> LessonError {
        LessonError(.output, "cannot write \(path): \(systemReason(number, folder: folder))")
    }

    /// The system's words for an error number; for a missing folder, which folder.
    package static func systemReason(_ number: Int32, folder: String) -> String {
        if number == ENOENT || number == ENOTDIR {
            return "the folder \(folder.isEmpty ? "." : folder) does not exist"
        }
        return String(cString: strerror(number)).lowercased()
    }
}
