/// What an execution means against what its scenario promised, before any wording: the one judgement
/// `check` and `grade` share. `ScenarioEvaluation` words it as located findings for authors,
/// `GradeEvaluation` as feedback a student can act on, in the lesson's language.
enum Verdict {
    case passed
    /// The checker could not build or run the program (no disk space, no compiler).
    case toolError(String)

    // The build.
    /// The compiler ran out of its time: its own limit, or the grading's budget.
    case buildTimedOut(TimeLimit)
    /// The compiler was stopped by a resource limit.
    case buildStopped(ResourceLimit)
    /// The program does not build: its diagnostics.
    case buildFailed(CompileResult)
    /// A `compile_fail` scenario that built.
    case compileFailBuilt
    /// A `compile_fail` scenario that failed to build, as promised: its diagnostics remain to be compared
    /// with its expected block.
    case failedToCompileAsPromised(CompileResult)

    // The run.
    case timedOut(TimeLimit, ProcessResult)
    case outputLimitExceeded(limit: Int, ProcessResult)
    case stopped(ResourceLimit, ProcessResult)
    /// A Swift runtime trap (SIGILL on x86_64, SIGTRAP on arm64) the scenario did not promise.
    case trapped(ProcessResult)
    case crashed(signal: Int32, ProcessResult)
    /// A `should_trap` scenario that ended normally.
    case shouldHaveTrapped(status: Int32, ProcessResult)
    case exitedNonZero(status: Int32, ProcessResult)

    // The output.
    /// The scenario ran as promised but has no expected block to compare with.
    case missingExpectedOutput(printed: [String])
    case outputDiffers(OutputComparison.Mismatch, printed: [String])

    var isPassed: Bool {
        if case .passed = self { return true }
        return false
    }
}

/// Which limit a program ran out of: its own wall-clock limit, or the whole grading's budget, which can
/// cut it short before its own.
enum TimeLimit: Equatable {
    case own(seconds: Double)
    case budget(seconds: Double)
}
