/// A student's folder name as the file system holds it: bytes, which need not be UTF-8, and which two
/// students may spell alike after Unicode normalization (`café` composed and decomposed). Swift's `String`
/// compares canonically equivalent text as equal, so students are told apart and ordered by bytes.
package enum StudentName {
    /// The name as shown and written (in `summary.csv`, as the results folder): every byte that is not
    /// part of a UTF-8 character as `\xHH`, and `\` as `\\`, so that the escape is visible and two names
    /// stay two; any other name as it is.
    package static func display(_ bytes: [UInt8]) -> String {
        if !bytes.contains(UInt8(ascii: "\\")), let text = String(validating: bytes, as: UTF8.self) { return text }
        var shown = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                shown += scalar == "\\" ? "\\\\" : String(scalar)
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { shown += "\\x" + hex(byte) }
                offset += length
            case .emptyInput:
                break loop
            }
        }
        return shown
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// Whether `a` sorts before `b`: as text, and by bytes where the text is the same after normalization,
    /// so that the order of a class is one order on every machine and in every shard.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        if a != b { return a < b }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Why `name`, read back from a file, cannot be a student's folder name (nil when it can): paths are
    /// built from it, so it must be one path component that stays in its folder.
    package static func folderNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "is \(name)" }
        if name.contains("/") { return "holds a /" }
        if name.unicodeScalars.contains("\0") { return "holds a NUL" }
        return nil
    }

    /// A key that tells apart names that differ in their bytes.
    package static func key(_ name: String) -> [UInt8] { Array(name.utf8) }
}
