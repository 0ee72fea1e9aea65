/// What `lesson check` may spend, and where it keeps its results: the executor's options (read and set
/// through this value, `options.timeout`) and the result cache.
@dynamicMemberLookup
public struct CheckOptions: Sendable {
    public var execution = ExecutionOptions()
    /// Where results are cached; nil checks everything anew.
    public var cacheDirectory: String?
    /// The containment every program runs under (`lesson check --contain`: a stranger's lessons run as a
    /// student's submission is graded); nil runs them as the user who checks.
    package var sandbox: Sandbox?

    public typealias Strategy = BuildStrategy

    public init() {}

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ExecutionOptions, Value>) -> Value {
        get { execution[keyPath: keyPath] }
        set { execution[keyPath: keyPath] = newValue }
    }
}
