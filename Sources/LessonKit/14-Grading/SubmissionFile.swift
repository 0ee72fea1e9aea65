import Foundation

/// A student's file, read as the student could read it. The grader runs with more rights than the student,
/// so nothing is checked by name and then read by name (a student who can write their folder could swap
/// the file for a link in between): the folder and the file are each opened once, without following a
/// link, and what was opened is checked with `fstat` before a byte is read.
///
/// A file is read when it is a regular file with one link (a hard link to a file the student cannot read
/// has two) that the folder's owner may read (a file moved in from where only root may read is not).
package enum SubmissionFile {
    /// The student's file of an exercise in `folder` (a path, or a descriptor the caller opened it at, the
    /// path then naming it only), or the file at `path` itself; at most `maximum` bytes.
    package static func read(
        _ path: String, descriptor: Int32? = nil, of exercise: Exercise, maximum: Int
    ) throws -> (name: String, text: String) {
        if let descriptor { return try read(inFolder: descriptor, named: path, of: exercise, maximum: maximum) }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder >= 0 {
            defer { close(folder) }
            return try read(inFolder: folder, named: path, of: exercise, maximum: maximum)
        }
        // Not a folder: the path names the file itself. Its folder is opened as a folder would be and the
        // file at that descriptor, so the same owner and link checks hold whichever way it is named.
        let parent = Paths.parent(path)
        let name = (path as NSString).lastPathComponent
        let parentFolder = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentFolder >= 0 else { throw refusal(name, in: parent, openError: errno) }
        defer { close(parentFolder) }
        var folderInfo = stat()
        guard fstat(parentFolder, &folderInfo) == 0 else { throw refusal(name, in: parent, openError: errno) }
        let file = openat(parentFolder, Array(name.utf8), readFlags)
        guard file >= 0 else { throw refusal(name, in: parent, openError: errno) }
        defer { close(file) }
        let text = try contents(
            of: file, name: name, in: parent, folderOwner: folderInfo.st_uid, maximum: maximum)
        return (path, text)
    }

    /// The exercise's file in the folder open at `folder`, or its only `.swift` file whatever its name.
    static func read(inFolder folder: Int32, named path: String, of exercise: Exercise, maximum: Int) throws -> (
        name: String, text: String
    ) {
        var folderInfo = stat()
        guard fstat(folder, &folderInfo) == 0 else { throw refusal(".", in: path, openError: errno) }
        let owner = folderInfo.st_uid
        let name: [UInt8]
        let entries = try FolderEntries.names(folder, path: path)
        let expected = Array(exercise.fileName.utf8)
        if entries.contains(expected) {
            name = expected
        } else {
            let swiftFiles = entries.filter { $0.count > 6 && $0.suffix(6).elementsEqual(".swift".utf8) }
            guard swiftFiles.count == 1 else {
                let reason: UngradableReason =
                    swiftFiles.isEmpty
                    ? .noSwiftFile(expected: exercise.fileName)
                    : .severalSwiftFiles(count: swiftFiles.count, expected: exercise.fileName)
                throw LessonError(.input, "\(path): \(reason.english)", studentReason: reason)
            }
            name = swiftFiles[0]
        }
        let shown = StudentName.display(name)
        let descriptor = openat(folder, name, readFlags)
        guard descriptor >= 0 else { throw refusal(shown, in: path, openError: errno) }
        defer { close(descriptor) }
        let text = try contents(
            of: descriptor, name: shown, in: path, folderOwner: owner, maximum: maximum)
        return (path + "/" + shown, text)
    }

    /// Opened for reading only, never following a final link, never waiting on a FIFO, never becoming a
    /// controlling terminal.
    static let readFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC

    /// `openat` by the name's bytes: a name that is not UTF-8 cannot pass through a String.
    private static func openat(_ folder: Int32, _ name: [UInt8], _ flags: Int32) -> Int32 {
        (name + [0]).withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                Glibc.openat(folder, $0, flags)
            }
        }
    }

    /// The bytes of the opened file, once `fstat` says the student could read it.
    private static func contents(
        of file: Int32, name: String, in folder: String, folderOwner: uid_t?, maximum: Int
    ) throws -> String {
        var info = stat()
        guard fstat(file, &info) == 0 else { throw refusal(name, in: folder, openError: errno) }
        let reason: UngradableReason? =
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if info.st_nlink != 1 {
                    .hardLink(name: name, links: Int(info.st_nlink))
                } else if let folderOwner, !readable(info, by: folderOwner) {
                    .otherOwner(name: name)
                } else {
                    nil
                }
            case S_IFDIR: .folder(name: name)
            default: .notRegularFile(name: name)
            }
        if let reason { throw LessonError(.input, prefixed(reason.english, folder), studentReason: reason) }
        if Int(info.st_size) > maximum { throw tooLarge(Int(info.st_size), maximum, folder) }
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw refusal(name, in: folder, openError: errno) }
            if count == 0 { break }
            data += chunk[..<count]
            // The file may grow while it is read: the limit holds for what is read, not what stat said.
            if data.count > maximum { throw tooLarge(data.count, maximum, folder) }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether the folder's owner, the student who can write the folder, may read the file: root reads
    /// everything, so a folder root owns (which the student cannot write) reads as it always did.
    private static func readable(_ info: stat, by user: uid_t) -> Bool {
        if user == 0 || info.st_mode & S_IROTH != 0 { return true }
        if info.st_uid == user { return info.st_mode & S_IRUSR != 0 }
        guard let entry = getpwuid(user) else { return false }
        return info.st_gid == entry.pointee.pw_gid && info.st_mode & S_IRGRP != 0
    }

    private static func tooLarge(_ size: Int, _ maximum: Int, _ folder: String) -> LessonError {
        let reason = UngradableReason.tooLarge(size: ByteCount.describe(size), maximum: ByteCount.describe(maximum))
        return LessonError(.input, prefixed(reason.english + " (--max-submission-size)", folder), studentReason: reason)
    }

    /// Why `name` could not be opened: a link (`O_NOFOLLOW` says `ELOOP`), or the system's reason.
    private static func refusal(_ name: String, in folder: String, openError: Int32) -> LessonError {
        let reason: UngradableReason =
            openError == ELOOP
            ? .symbolicLink(name: name) : .unreadable(name: name, error: String(cString: strerror(openError)))
        return LessonError(.input, prefixed(reason.english, folder), studentReason: reason)
    }

    private static func prefixed(_ reason: String, _ folder: String) -> String {
        folder.isEmpty ? reason : folder + "/" + reason
    }
}

/// The entries of an open folder, by their bytes: a name need not be UTF-8.
enum FolderEntries {
    static func names(_ folder: Int32, path: String) throws -> [[UInt8]] {
        // fdopendir takes the descriptor over: it gets a copy, so the caller's stays open.
        let copy = dup(folder)
        guard copy >= 0, let directory = fdopendir(copy) else {
            throw LessonError(.input, "\(path): cannot list the folder: \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
