import Foundation

/// Values computed from a text, kept so that the same text is never read twice in one process: a book's
/// listing is planned, checked for merging and split for a merged build, and an engine is read for each of
/// its scenarios, each time from the same tokens. Safe from any thread; past `capacity` texts it starts
/// again empty, so a long `--watch` does not grow.
final class TextMemo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func value(for text: String, making make: (String) -> Value) -> Value {
        if let known = lock.withLock({ values[text] }) { return known }
        let value = make(text)
        lock.withLock {
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}
