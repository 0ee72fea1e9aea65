import Foundation

/// Values computed from a text, kept so that the same text is never read twice in one process: a book's
/// listing is planned, checked for merging and split for a merged build, and an engine is read for each of
/// its scenarios, each time from the same tokens. Safe from any thread; past `capacity` texts it starts
/// again empty, so a long `--watch` does not grow.
package final class TextMemo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let capacity: Int

    package init(capacity: Int) { self.capacity = capacity }

    package func value(for text: String, making make: (String) -> Value) -> Value {
        let key = Key(text)
        if let known = lock.withLock({ values[key] }) { return known }
        let value = make(text)
        lock.withLock {
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }

    /// A text known by its UTF-8 bytes. What is memoized (tokens, their offsets) is read from the bytes, so two
    /// texts that `String` calls equal but whose bytes differ (`é` composed or not) must not share a value;
    /// and bytes hash without the Unicode normalization that hashing a `String` does, which a text of
    /// megabytes would pay at every lookup.
    private struct Key: Hashable {
        package let text: String

        package init(_ text: String) { self.text = text }

        package func hash(into hasher: inout Hasher) { Self.withBytes(of: text) { hasher.combine(bytes: $0) } }

        package static func == (left: Key, right: Key) -> Bool {
            left.text.utf8.count == right.text.utf8.count
                && withBytes(of: left.text) { leftBytes in
                    withBytes(of: right.text) { rightBytes in
                        leftBytes.isEmpty
                            || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
                    }
                }
        }

        /// The text's UTF-8 bytes, in place when the string keeps them contiguous (a native one does).
        private static func withBytes<Result>(of text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
                return result
            }
            return Array(text.utf8).withUnsafeBytes(body)
        }
    }
}
