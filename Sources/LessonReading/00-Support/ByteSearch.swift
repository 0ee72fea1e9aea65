import Foundation

/// Looks for bytes in a string's UTF-8 with the C library's `memchr` and `memcmp`. Reading a lesson asks of every line
/// whether it holds a word such as `- test:`, `import` or `print(` before it looks closer, and `contains` of
/// the standard library compares Characters: in a debug build those looks were a sixth of the checker's work
/// before a cold check's first build (`perf record` of the `reprints` course). A needle is matched byte for
/// byte, as the compiler reads source.
package extension StringProtocol {
    /// Whether `needle`'s UTF-8 occurs in this text's UTF-8.
    func containsBytes(_ needle: String) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { text in
            var needle = needle
            return needle.withUTF8 { ByteSearch.occurs($0, in: text) }
        }
        guard let found else {
            var copy = String(self)
            copy.makeContiguousUTF8()  // a bridged string may not be contiguous, even as a copy
            return copy.containsBytes(needle)
        }
        return found
    }
}

package enum ByteSearch {
    /// The offset of every `byte` in `bytes`, in order (every newline of a source, say): found by `memchr`,
    /// where a loop over the bytes costs a debug build a lesson's reading.
    package static func offsets(of byte: UInt8, in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            var offsets: [Int] = []
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, Int32(byte), buffer.count - offset) {
                let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                offsets.append(at)
                offset = at + 1
            }
            return offsets
        }
    }

    /// Whether `needle` occurs in `bytes`.
    package static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in needle.withUnsafeBufferPointer { occurs($0, in: text) } }
    }

    /// Whether `wanted` occurs in `text`: each place `memchr` finds its first byte compared by `memcmp`.
    package static func occurs(_ wanted: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !wanted.isEmpty else { return true }
        guard text.count >= wanted.count, var start = text.baseAddress else { return false }
        let end = start + (text.count - wanted.count + 1)
        while start < end, let first = memchr(start, Int32(wanted[0]), end - start) {
            let candidate = UnsafePointer(first.assumingMemoryBound(to: UInt8.self))
            if memcmp(candidate, wanted.baseAddress!, wanted.count) == 0 { return true }
            start = candidate + 1
        }
        return false
    }
}
