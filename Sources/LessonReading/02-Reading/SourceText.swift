/// One line of a lesson file: its text without the line ending, and the ending itself, so that the file can
/// be written back byte for byte.
package struct SourceLine: Hashable, Sendable {
    /// 1-based line number in the file.
    package var number: Int
    package var text: String
    /// `"\n"`, `"\r\n"`, or `""` for a last line without a newline.
    package var ending: String

    package init(number: Int, text: String, ending: String) {
        self.number = number
        self.text = text
        self.ending = ending
    }
}

/// The decoded text of a lesson file: an optional byte order mark, then lines ending in LF or CRLF.
package struct SourceText: Sendable {
    package var hasByteOrderMark: Bool
    package var lines: [SourceLine]
    /// The lines that hold bytes which are not UTF-8 (decoded with U+FFFD in their place).
    package var invalidUTF8Lines: [Int]

    /// Decodes `bytes`, keeping every line ending as it was.
    package init(decoding bytes: [UInt8]) {
        var start = 0
        hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if hasByteOrderMark { start = 3 }
        lines = []
        invalidUTF8Lines = []
        var lineStart = start
        // Each line ends at the next line feed, the last one at the end of the bytes.
        var lineEnds = (ByteSearch.offsets(of: 0x0A, in: bytes) + [bytes.count]).makeIterator()
        while lineStart < bytes.count, let lineEnd = lineEnds.next() {
            var contentEnd = lineEnd
            var ending = ""
            if lineEnd < bytes.count {
                ending = "\n"
                if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D {
                    contentEnd -= 1
                    ending = "\r\n"
                }
            }
            let slice = bytes[lineStart..<contentEnd]
            let number = lines.count + 1
            let text: String
            if let valid = String(validating: slice, as: UTF8.self) {
                text = valid
            } else {
                text = String(decoding: slice, as: UTF8.self)
                invalidUTF8Lines.append(number)
            }
            lines.append(SourceLine(number: number, text: text, ending: ending))
            lineStart = lineEnd + 1
        }
    }

    /// The bytes of the file, as decoded: writing them back reproduces a valid file exactly.
    package var bytes: [UInt8] {
        var result: [UInt8] = hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for line in lines {
            result.append(contentsOf: Array(line.text.utf8))
            result.append(contentsOf: Array(line.ending.utf8))
        }
        return result
    }
}
