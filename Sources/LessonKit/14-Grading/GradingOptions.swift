import Foundation

/// What a grading may spend: the executor's options (read and set through this value, `options.timeout`)
/// and the budget of the whole grading.
@dynamicMemberLookup
package struct GradingOptions: Sendable {
    package var execution = ExecutionOptions()
    /// Wall-clock seconds a whole grading may take (a platform's time window); nil for no budget.
    /// Which attempt of the student's this is (from 1): a failed one shows the exercise's first attempt − 1
    /// hints. Nil: no hint.
    package var attempt: Int?
    /// The day a test's `reveal=YYYY-MM-DD` is compared with: today, in UTC.
    package var today = GradingOptions.day(of: Date())
    package var budget: Double?
    /// The CPU cores this student's programs may use at once, all their tests together (in a class: the
    /// machine's cores divided among the students graded at once); nil for no share.
    package var cpus: Double?
    /// A file with the driver's commands for files compiled one by one, written once for a class by its
    /// batch (in a folder only the grader can write); nil: each grading asks the driver.
    package var driverCommands: String?

    package init() {
        // A submission is built against the engine in seconds; a minute is its limit.
        execution.buildTimeout = 60
    }

    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<ExecutionOptions, Value>) -> Value {
        get { execution[keyPath: keyPath] }
        set { execution[keyPath: keyPath] = newValue }
    }

    /// `date` as `YYYY-MM-DD`, in UTC.
    package static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
