import Foundation

/// The Language Server Protocol's framing on a byte stream: each message is `Content-Length: N`, other
/// headers, an empty line (`\r\n\r\n`), then N bytes of JSON. Bytes arrive in any pieces; a frame whose
/// header cannot be read is a problem, and reading goes on after its header, so that one bad frame never
/// stops the server.
package struct LSPFrameReader {
    /// The largest body read: a lesson is at most 16 MiB (`LessonFileBytes`), and its JSON escapes add to it.
    package static let maximumBody = 64 << 20

    package enum Frame: Equatable {
        case message(Data)
        /// A header that could not be read, and why.
        case problem(String)
    }

    private var buffer: [UInt8] = []

    package init() {}

    /// The frames complete once `bytes` are added.
    package mutating func append(_ bytes: some Sequence<UInt8>) -> [Frame] {
        buffer += bytes
        var frames: [Frame] = []
        while let end = headerEnd() {
            let header = String(decoding: buffer[..<end], as: UTF8.self)
            guard let length = Self.contentLength(header), length <= Self.maximumBody else {
                frames.append(.problem("a message header without a valid Content-Length: \(header.prefix(80))"))
                buffer.removeSubrange(..<(end + 4))
                continue
            }
            guard buffer.count >= end + 4 + length else { break }
            frames.append(.message(Data(buffer[(end + 4)..<(end + 4 + length)])))
            buffer.removeSubrange(..<(end + 4 + length))
        }
        return frames
    }

    /// Where `\r\n\r\n` starts in the buffer.
    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            return Int(parts[1].trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
        }
        return nil
    }

    /// `body` as a frame.
    package static func frame(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

/// LSP positions count UTF-16 code units; lessons are Turkish and Vietnamese, so a column is never a byte
/// count or a character count.
package enum LSPPosition {
    /// The UTF-16 length of `line`.
    package static func length(of line: String) -> Int { line.utf16.count }

    /// The UTF-16 offset of a 1-based UTF-8 column (the compiler's) in `line`, clamped to the line.
    package static func offset(ofColumn column: Int, in line: String) -> Int {
        let bytes = Array(line.utf8.prefix(max(0, column - 1)))
        return String(decoding: bytes, as: UTF8.self).utf16.count
    }
}
