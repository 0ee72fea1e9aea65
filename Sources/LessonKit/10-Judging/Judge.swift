import Foundation

/// What a scenario promises: its expected output and how to compare it, and the attributes that change
/// what counts as success.
struct Expectation {
    /// The expected lines; nil when the scenario states no expected output.
    var expectedLines: [String]?
    /// The comments that state the expected lines, when they do: a comment may be read two ways, and the
    /// printed line decides which (`OutputComments.expectedLines(for:inOrder:)`).
    var outputComments: OutputComments? = nil
    /// The lesson's lines of the expected lines, for the diff's numbering.
    var numbering: LineNumbering
    var outputOptions: OutputOptions
    var shouldTrap: Bool
    var compileFail: Bool
    /// A book's test: lines compared without their trailing spaces (Markdown editors take them off the
    /// book's lines), and the runtime error it expects is a trap or any other signal, whichever the
    /// platform's runtime sends.
    var isBookTest = false

    init(
        expectedLines: [String]?, outputComments: OutputComments? = nil, numbering: LineNumbering,
        outputOptions: OutputOptions, shouldTrap: Bool, compileFail: Bool, isBookTest: Bool = false
    ) {
        self.expectedLines = expectedLines
        self.outputComments = outputComments
        self.numbering = numbering
        self.outputOptions = outputOptions
        self.shouldTrap = shouldTrap
        self.compileFail = compileFail
        self.isBookTest = isBookTest
    }

    /// What a lesson's scenario promises, its diff numbered with the lesson's lines: those of its expected
    /// block, or those of the comments that state each line.
    init(_ scenario: Scenario) {
        expectedLines = scenario.expectedLines
        outputComments = scenario.outputComments
        if let comments = scenario.outputComments {
            numbering = .lines(comments.lines.map(\.number), last: comments.lastLine)
        } else {
            numbering = .from(scenario.expected?.firstContentLine ?? 1)
        }
        outputOptions = scenario.outputOptions
        shouldTrap = scenario.options.shouldTrap
        compileFail = scenario.options.compileFail
    }
}

/// Turns an execution and an expectation into a `Verdict`, the same way for every client.
struct Judge {
    /// The limits the program ran under.
    let limits: ProcessLimits
    /// The wall-clock limit of one build.
    let buildTimeout: Double
    /// The whole grading's budget, when there is one: a build or run cut short before its own limit ran
    /// out of it.
    var budget: Double? = nil

    func verdict(_ execution: ScenarioExecution, _ expectation: Expectation) -> Verdict {
        if let toolError = execution.toolError { return .toolError(toolError) }
        guard let build = execution.build else { return .toolError("no build was attempted") }
        if expectation.compileFail {
            return build.succeeded ? .compileFailBuilt : buildVerdict(build) ?? .failedToCompileAsPromised(build)
        }
        guard build.succeeded else { return buildVerdict(build) ?? .buildFailed(build) }
        // `no_run`: building was the whole promise.
        guard let run = execution.run else { return .passed }
        return runVerdict(run, expectation)
    }

    /// A build stopped by a limit; nil when the compiler ended on its own.
    private func buildVerdict(_ build: CompileResult) -> Verdict? {
        if build.timedOut {
            return .buildTimedOut(timeLimit(ranFor: build.seconds, own: buildTimeout))
        }
        if let limit = build.stoppedBy { return .buildStopped(limit) }
        return nil
    }

    private func timeLimit(ranFor seconds: Double, own: Double) -> TimeLimit {
        if let budget, seconds < own - 0.05 { return .budget(seconds: budget) }
        return .own(seconds: own)
    }

    private func runVerdict(_ run: ProcessResult, _ expectation: Expectation) -> Verdict {
        switch run.termination {
        case .timedOut:
            return .timedOut(timeLimit(ranFor: run.seconds, own: limits.timeout), run)
        case .stopped(let limit):
            return .stopped(limit, run)
        case .outputLimitExceeded:
            return .outputLimitExceeded(limit: limits.outputLimit, run)
        case .signaled(let signal):
            let trapped = signal == SIGILL || signal == SIGTRAP
            if expectation.shouldTrap && (trapped || expectation.isBookTest) { return outputVerdict(run, expectation) }
            return trapped ? .trapped(run) : .crashed(signal: signal, run)
        case .exited(let status):
            if expectation.shouldTrap { return .shouldHaveTrapped(status: status, run) }
            if status != 0 { return .exitedNonZero(status: status, run) }
            return outputVerdict(run, expectation)
        }
    }

    private func outputVerdict(_ run: ProcessResult, _ expectation: Expectation) -> Verdict {
        var printed = OutputComparison.lines(of: String(decoding: run.standardOutput, as: UTF8.self))
        guard var expected = expectation.expectedLines else { return .missingExpectedOutput(printed: printed) }
        if expectation.isBookTest {
            printed = printed.map { $0.droppingTrailingSpaces() }
            expected = expected.map { $0.droppingTrailingSpaces() }
        }
        if let comments = expectation.outputComments {
            expected = comments.expectedLines(for: printed, inOrder: expectation.outputOptions.someLinesInOrder)
        }
        guard
            let mismatch = OutputComparison.compare(
                expected: expected, actual: printed, numbering: expectation.numbering,
                options: expectation.outputOptions)
        else { return .passed }
        return .outputDiffers(mismatch, printed: printed)
    }

    /// The runtime's report of a trap, `Fatal error: …`, `Precondition failed: …` or `Assertion failed: …`
    /// (what `fatalError`, `precondition` and `assert` print), without the file and line prefix, which name
    /// the standard library's sources or the lesson's and differ between toolchains.
    static func fatalErrorLine(_ standardError: [UInt8]) -> String? {
        let text = String(decoding: standardError, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let found = trapReports.compactMap { line.range(of: $0) }.min { $0.lowerBound < $1.lowerBound }
            if let found { return String(line[found.lowerBound...]) }
        }
        return nil
    }

    /// How the runtime begins the report of each kind of trap.
    static let trapReports = ["Fatal error", "Precondition failed", "Assertion failed"]

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
            SIGTERM: "SIGTERM",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}

extension Expectation {
    /// A program that is only built (a starter, engine files): building is the whole promise.
    static let builtOnly = Expectation(
        expectedLines: nil, numbering: .from(1), outputOptions: OutputOptions(), shouldTrap: false,
        compileFail: false)
}
