import Foundation

/// The libraries an ELF object file asks to be linked with, as the Swift frontend (and the native support's
/// C object) writes them: the bytes of its `.swift1_autolink_entries` sections. `swift-autolink-extract`
/// lists the libraries of a program's objects from these bytes alone, in order, so two sets of objects whose
/// entries are the same bytes get the same list (`LibraryListMemo`).
enum AutolinkEntries {
    static let sectionName = Array(".swift1_autolink_entries".utf8)

    /// The bytes of every autolink section of the object at `path`, in the file's order (empty when it has
    /// none); nil when the file cannot be read or is not a 64-bit little-endian ELF file.
    static func of(objectAt path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { of(object: $0) }
    }

    static func of(object bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        // ELF magic, 64-bit class, little-endian data.
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
            bytes[4] == 2, bytes[5] == 1
        else { return nil }
        let headersAt = Int(clamping: word(bytes, at: 0x28, size: 8))
        let headerSize = Int(word(bytes, at: 0x3A, size: 2))
        let count = Int(word(bytes, at: 0x3C, size: 2))
        let namesIndex = Int(word(bytes, at: 0x3E, size: 2))
        // A count of 0 with headers present is ELF's extended numbering, which Swift objects never need.
        guard headerSize >= 64, count > 0, namesIndex < count,
            headersAt > 0, headersAt <= bytes.count, count <= (bytes.count - headersAt) / headerSize
        else { return nil }
        func section(_ index: Int) -> (name: Int, range: Range<Int>)? {
            let header = headersAt + index * headerSize
            let type = word(bytes, at: header + 4, size: 4)
            let offset = Int(clamping: word(bytes, at: header + 24, size: 8))
            let size = Int(clamping: word(bytes, at: header + 32, size: 8))
            let noBits = type == 8  // SHT_NOBITS: no bytes in the file
            guard noBits || (offset <= bytes.count && size <= bytes.count - offset) else { return nil }
            let name = Int(word(bytes, at: header, size: 4))
            // A section without bytes has none to read, wherever its offset points.
            return (name, noBits ? 0..<0 : offset..<offset + size)
        }
        guard let names = section(namesIndex) else { return nil }
        var entries: [UInt8] = []
        for index in 0..<count {
            guard let (name, range) = section(index) else { return nil }
            guard name < names.range.count, isSectionName(bytes, at: names.range.lowerBound + name, end: names.range)
            else { continue }
            entries += bytes[range]
        }
        return entries
    }

    /// Whether the NUL-terminated name at `start` (within the section names' `range`) is `sectionName`.
    private static func isSectionName(_ bytes: UnsafeRawBufferPointer, at start: Int, end range: Range<Int>) -> Bool {
        let end = start + sectionName.count
        guard end < range.upperBound else { return false }
        return bytes[end] == 0 && bytes[start..<end].elementsEqual(sectionName)
    }

    /// The little-endian unsigned number of `size` bytes at `offset`.
    private static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
