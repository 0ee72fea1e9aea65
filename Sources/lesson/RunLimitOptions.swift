import LessonKit

/// The limits every command that builds and runs programs takes, declared with the help of that command.
struct RunLimitOptions {
    var timeout: ValueOption<Double>
    var maxOutput: ValueOption<Int>
    var jobs = SharedOptions.jobs
    var buildTimeout: ValueOption<Double>
    var buildMemoryLimit = SharedOptions.buildMemoryLimit

    var all: [any DeclaredOption] { [timeout, maxOutput, jobs, buildTimeout, buildMemoryLimit] }

    /// Applies the limits given to `options`.
    func apply(_ values: Arguments, to options: inout ExecutionOptions) throws {
        if let timeout = try values.value(timeout) { options.timeout = timeout }
        if let limit = try values.value(maxOutput) { options.outputLimit = limit }
        if let jobs = try values.value(jobs) { options.jobs = jobs }
        if let seconds = try values.value(buildTimeout) { options.buildTimeout = seconds }
        if let size = try values.value(buildMemoryLimit) { options.buildMemoryLimit = size }
    }
}
