/// The YAML front matter of a lesson, as the course writes it: `key: value` lines whose values are plain,
/// single-quoted (`''` escapes a quote) or double-quoted, and `- item` lists under a key with no value.
/// Every key is kept, known or not, in file order.
public struct FrontMatter: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case text(String)
        case list([String])
    }

    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: Value
        public var line: Int
    }

    public var entries: [Entry] = []
    /// The lines the front matter spans, fences included; empty when the lesson has none.
    public var lines: ClosedRange<Int>?

    public init() {}

    public subscript(key: String) -> Value? { entry(key)?.value }

    public func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// The value of `key` when it is a single value.
    public func text(_ key: String) -> String? {
        if case .text(let value)? = self[key] { return value }
        return nil
    }
}
