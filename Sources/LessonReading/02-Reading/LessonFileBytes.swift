import Foundation

/// A lesson file's bytes, read with a bound. A course is read whole, so one file of hundreds of megabytes (a
/// log pasted by mistake, a generated file, an attack on a grading machine) would hold the whole check; a
/// file past the bound is one finding at its first line, and the other lessons are checked.
package enum LessonFileBytes {
    /// The largest lesson file read: 16 MiB, over a hundred times TSPL's largest chapter (146 KB).
    package static let maximumSize = 16 << 20

    package enum Read {
        case bytes(Data)
        /// The file holds more than `maximumSize` bytes (at least this many).
        case tooLarge(Int)
        /// Not a regular file (a FIFO, a terminal, a socket, a device, a folder): what it is.
        case notRegular(String)
        case unreadable
    }

    /// The file at `path`, never more than `maximumSize + 1` bytes of it. Only a regular file is read: it is
    /// opened without blocking and looked at first, so that a FIFO with no writer, `/dev/stdin` or a link
    /// to either never holds the check (or the language server, whose own stdin it would read).
    package static func read(_ path: String) -> Read {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .unreadable }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        defer { try? handle.close() }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable }
        if let kind = kindOfNonRegularFile(status.st_mode) { return .notRegular(kind) }
        guard let data = try? handle.read(upToCount: maximumSize + 1) else { return .unreadable }
        guard data.count > maximumSize else { return .bytes(data) }
        var info = stat()
        let size = fstat(handle.fileDescriptor, &info) == 0 ? max(Int(info.st_size), data.count) : data.count
        return .tooLarge(size)
    }

    /// What a file that is not a regular one is, from its mode; nil for a regular file.
    private static func kindOfNonRegularFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device (a terminal, /dev/stdin)"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }

    /// What the finding says of a file that is `kind`.
    package static func notRegularMessage(_ kind: String) -> String {
        "the file is \(kind), not a regular file; it is not read"
    }

    /// The text of the file at `path`, read as a lesson is (`read`); nil when it is not a regular file, holds
    /// too much or cannot be read.
    package static func text(_ path: String) -> String? {
        guard case .bytes(let data) = read(path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// What the finding says of a file of `size` bytes.
    package static func tooLargeMessage(_ size: Int) -> String {
        "the file holds \(size) bytes, more than the \(ByteCount.describe(maximumSize)) a lesson file may hold; "
            + "it is not read"
    }
}
