/// The YAML front matter of a lesson, read as the YAML that Jekyll, Hugo and DocC sites write (see
/// `FrontMatterParser` for what is read). Every key is kept, known or not, in file order.
public struct FrontMatter: Sendable, Equatable {
    /// A value as written. Scalars keep their text: numbers, dates, booleans and null are the text written
    /// (`2.0`, `2019-07-08`, `true`, `~`), and a key or an item with nothing after it is the empty text.
    public indirect enum Value: Sendable, Equatable {
        /// A plain, quoted or block scalar, as YAML reads it (escapes decoded, lines folded).
        case text(String)
        case list([Value])
        /// A map's entries, in file order.
        case map([Entry])
    }

    /// A key and its value; `line` is the 1-based file line of the key.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: Value
        public var line: Int

        public init(key: String, value: Value, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The top-level keys, in file order.
    public var entries: [Entry] = []
    /// The lines the front matter spans, fences included; nil when the lesson has none.
    public var lines: ClosedRange<Int>?

    public init() {}

    /// The value of the top-level `key`.
    public subscript(key: String) -> Value? { entry(key)?.value }

    /// The top-level entry of `key`.
    public func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// The value of the top-level `key` when it is a scalar.
    public func text(_ key: String) -> String? {
        if case .text(let value)? = self[key] { return value }
        return nil
    }
}
