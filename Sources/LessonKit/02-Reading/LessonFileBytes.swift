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
        case unreadable
    }

    /// The file at `path`, never more than `maximumSize + 1` bytes of it.
    package static func read(_ path: String) -> Read {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumSize + 1) else { return .unreadable }
        guard data.count > maximumSize else { return .bytes(data) }
        var info = stat()
        let size = fstat(handle.fileDescriptor, &info) == 0 ? max(Int(info.st_size), data.count) : data.count
        return .tooLarge(size)
    }

    /// What the finding says of a file of `size` bytes.
    static func tooLargeMessage(_ size: Int) -> String {
        "the file holds \(size) bytes, more than the \(ByteCount.describe(maximumSize)) a lesson file may hold; "
            + "it is not read"
    }
}
