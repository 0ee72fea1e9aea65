/// The YAML front matter of a lesson, read as the YAML that Jekyll, Hugo and DocC sites write (see
/// `FrontMatterParser` for what is read). Every key is kept, known or not, in file order.
package struct FrontMatter: Sendable, Equatable {
    /// A value as written. Scalars keep their text: numbers, dates, booleans and null are the text written
    /// (`2.0`, `2019-07-08`, `true`, `~`), and a key or an item with nothing after it is the empty text.
    package indirect enum Value: Sendable, Equatable {
        /// A plain, quoted or block scalar, as YAML reads it (escapes decoded, lines folded).
        case text(String)
        case list([Value])
        /// A map's entries, in file order.
        case map([Entry])
    }

    /// A key and its value; `line` is the 1-based file line of the key.
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: Value
        package var line: Int

        package init(key: String, value: Value, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The top-level keys, in file order.
    package var entries: [Entry] = []
    /// The lines the front matter spans, fences included; nil when the lesson has none.
    package var lines: ClosedRange<Int>?

    package init() {}

    /// The value of the top-level `key`.
    package subscript(key: String) -> Value? { entry(key)?.value }

    /// The top-level entry of `key`.
    package func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// The value of the top-level `key` when it is a scalar.
    package func text(_ key: String) -> String? {
        if case .text(let value)? = self[key] { return value }
        return nil
    }
}
