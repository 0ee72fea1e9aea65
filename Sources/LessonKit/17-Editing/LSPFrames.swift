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

    /// The longest header read: LSP's two headers take under a hundred bytes. Bytes that go on this long
    /// without the empty line that ends a header are a problem, dropped as they come, so that a stream
    /// without one costs linear time and bounded memory.
    package static let maximumHeader = 8 << 10

    /// The bytes received and not yet framed start at `start`; those before are consumed.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the header's end goes on: the bytes before it hold no `\r\n\r\n`.
    private var searched = 0
    /// Whether the bytes being dropped have been reported, once for each run of them.
    private var reportedOverlongHeader = false
    /// How many positions the header search has looked at, in all: the work done, which tests bound.
    package private(set) var positionsSearched = 0
    /// The bytes received and not yet consumed: the memory held, which `maximumHeader` bounds while no
    /// header ends.
    package var pendingBytes: Int { buffer.count - start }

    package init() {}

    /// The frames complete once `bytes` are added. Each byte is looked at a bounded number of times,
    /// whatever the pieces the stream arrives in.
    package mutating func append(_ bytes: some Sequence<UInt8>) -> [Frame] {
        buffer += bytes
        var frames: [Frame] = []
        while true {
            guard let end = headerEnd() else {
                dropOverlongHeader(into: &frames)
                break
            }
            reportedOverlongHeader = false
            let header = String(decoding: buffer[start..<end], as: UTF8.self)
            guard let length = Self.contentLength(header), length <= Self.maximumBody else {
                frames.append(.problem("a message header without a valid Content-Length: \(header.prefix(80))"))
                consume(upTo: end + 4)
                continue
            }
            guard buffer.count >= end + 4 + length else { break }
            frames.append(.message(Data(buffer[(end + 4)..<(end + 4 + length)])))
            consume(upTo: end + 4 + length)
        }
        compact()
        return frames
    }

    /// Marks the bytes before `offset` consumed.
    private mutating func consume(upTo offset: Int) {
        start = offset
        searched = offset
    }

    /// Drops the consumed bytes once they are most of the buffer: each byte is moved at most once more.
    private mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        buffer.removeSubrange(..<start)
        searched -= start
        start = 0
    }

    /// A header longer than `maximumHeader` that has not ended: its bytes but the last three (which may begin
    /// the `\r\n\r\n`) are dropped, and reported once.
    private mutating func dropOverlongHeader(into frames: inout [Frame]) {
        guard buffer.count - start > Self.maximumHeader else { return }
        if !reportedOverlongHeader {
            frames.append(.problem("\(Self.maximumHeader) bytes without the empty line that ends a message header"))
            reportedOverlongHeader = true
        }
        consume(upTo: buffer.count - 3)
    }

    /// Where `\r\n\r\n` starts after `start`, searching only the bytes not searched before.
    private mutating func headerEnd() -> Int? {
        guard buffer.count - 4 >= searched else { return nil }
        for index in searched...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            positionsSearched += index - searched + 1
            return index
        }
        positionsSearched += buffer.count - 3 - searched
        searched = buffer.count - 3
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
