/// A complete HTML open or closing tag alone on a line (what starts an HTML block of kind 7), read as
/// CommonMark defines tags: a name, attributes with optional unquoted, single- or double-quoted values,
/// an optional `/` before `>`.
package enum HTMLTag {
    package static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    package static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    package static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// Whether `text` is one complete tag followed only by spaces and tabs.
    package static func isCompleteTagLine(_ text: ArraySlice<UInt8>) -> Bool {
        var reader = Reader(bytes: Array(text))
        guard reader.take(UInt8(ascii: "<")) else { return false }
        let closing = reader.take(UInt8(ascii: "/"))
        guard reader.tagName() else { return false }
        if closing {
            reader.skipSpaces()
        } else {
            while reader.attribute() {}
            reader.skipSpaces()
            _ = reader.take(UInt8(ascii: "/"))
        }
        guard reader.take(UInt8(ascii: ">")) else { return false }
        reader.skipSpaces()
        return reader.atEnd
    }

    private struct Reader {
        package let bytes: [UInt8]
        package var position = 0

        package var atEnd: Bool { position >= bytes.count }
        package var current: UInt8? { atEnd ? nil : bytes[position] }

        package mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            position += 1
            return true
        }

        @discardableResult
        package mutating func skipSpaces() -> Int {
            let start = position
            while let byte = current, HTMLTag.isSpace(byte) { position += 1 }
            return position - start
        }

        package mutating func tagName() -> Bool {
            guard let first = current, HTMLTag.isLetter(first) else { return false }
            position += 1
            while let byte = current, HTMLTag.isLetter(byte) || HTMLTag.isDigit(byte) || byte == UInt8(ascii: "-") {
                position += 1
            }
            return true
        }

        /// ` name`, ` name=value`: moves past one attribute, or stays put and returns false.
        package mutating func attribute() -> Bool {
            let start = position
            guard skipSpaces() > 0, let first = current,
                HTMLTag.isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":")
            else {
                position = start
                return false
            }
            while let byte = current, HTMLTag.isLetter(byte) || HTMLTag.isDigit(byte) || "_.:-".utf8.contains(byte) {
                position += 1
            }
            let beforeValue = position
            skipSpaces()
            guard take(UInt8(ascii: "=")) else {
                position = beforeValue
                return true
            }
            skipSpaces()
            guard value() else {
                position = start
                return false
            }
            return true
        }

        package mutating func value() -> Bool {
            if let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                position += 1
                while let byte = current, byte != quote { position += 1 }
                return take(quote)
            }
            let start = position
            while let byte = current, byte > 0x20, !"\"'=<>`".utf8.contains(byte) { position += 1 }
            return position > start
        }
    }
}
