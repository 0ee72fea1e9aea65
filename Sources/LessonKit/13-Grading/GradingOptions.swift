/// What a grading may spend: the executor's options (read and set through this value, `options.timeout`)
/// and the budget of the whole grading.
@dynamicMemberLookup
package struct GradingOptions: Sendable {
    package var execution = ExecutionOptions()
    /// Wall-clock seconds a whole grading may take (a platform's time window); nil for no budget.
    package var budget: Double?

    package init() {
        // A submission is built against the engine in seconds; a minute is its limit.
        execution.buildTimeout = 60
    }

    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<ExecutionOptions, Value>) -> Value {
        get { execution[keyPath: keyPath] }
        set { execution[keyPath: keyPath] = newValue }
    }
}
