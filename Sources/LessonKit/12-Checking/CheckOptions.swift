/// What `lesson check` may spend, and where it keeps its results: the executor's options (read and set
/// through this value, `options.timeout`) and the result cache.
@dynamicMemberLookup
public struct CheckOptions: Sendable {
    public var execution = ExecutionOptions()
    /// Where results are cached; nil checks everything anew.
    public var cacheDirectory: String?

    public typealias Strategy = BuildStrategy

    public init() {}

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ExecutionOptions, Value>) -> Value {
        get { execution[keyPath: keyPath] }
        set { execution[keyPath: keyPath] = newValue }
    }
}
