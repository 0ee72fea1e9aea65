import Foundation

/// Turns a test's build and run into a result with feedback the student can act on. A hidden test's source
/// and expected output never appear in it: only diagnostics that point into the student's own file, and no
/// diff.
struct GradeEvaluation {
    let feedback: Feedback
    /// The student's engine file name, for engine exercises.
    let studentFile: String?
    let limits: ProcessLimits
    /// The wall-clock limit of one build, named when a build runs out of it.
    let buildTimeout: Double
    /// The whole grading's budget, named when it cut a build or a run short.
    var budget: Double? = nil

    /// What a test's `output` may hold.
    static let outputLimit = 500

    func evaluate(_ test: Grader.GradingTest, _ execution: ScenarioExecution) -> TestOutcome {
        var outcome = TestOutcome(
            name: test.name, status: .failed, message: "", output: "", points: 0,
            maxPoints: test.scenario.options.points, hidden: test.hidden, testCode: test.testCode,
            seconds: (execution.build?.seconds ?? 0) + (execution.run?.seconds ?? 0))
        if let toolError = execution.toolError {
            outcome.status = .error
            // A hidden test says nothing more: the text could come from a program imitating the grader.
            outcome.message = "the grader could not run this test" + (test.hidden ? "" : ": \(toolError)")
            return outcome
        }
        guard let build = execution.build, build.succeeded, let run = execution.run else {
            outcome.status = .error
            outcome.message = buildMessage(execution.build, hidden: test.hidden, test: test)
            return outcome
        }
        let printed = OutputComparison.lines(of: String(decoding: run.standardOutput, as: UTF8.self))
        if !test.hidden { outcome.output = truncated(printed) }
        let before =
            test.hidden || printed.isEmpty
            ? ""
            : "\n" + feedback.outputBeforeStop() + "\n" + printed.suffix(10).map(Self.clipped).joined(separator: "\n")
        switch run.termination {
        case .timedOut where budget != nil && run.seconds < limits.timeout - 0.05:
            outcome.status = .error
            outcome.message = feedback.budgetRanOut(Seconds.describe(budget ?? 0)) + before
            return outcome
        case .timedOut:
            outcome.message = feedback.stopped(feedback.timeLimit(Seconds.describe(limits.timeout))) + before
            return outcome
        case .outputLimitExceeded:
            outcome.message = feedback.stopped(feedback.outputLimit(ByteCount.describe(limits.outputLimit)))
            return outcome
        case .stopped(let limit):
            outcome.message = feedback.stopped(feedback.limit(limit)) + before
            return outcome
        case .signaled(let signal) where !(test.scenario.options.shouldTrap && (signal == SIGILL || signal == SIGTRAP)):
            let trapped = signal == SIGILL || signal == SIGTRAP
            outcome.message =
                (trapped
                    // A hidden test's trap message could carry what the hidden test did: not shown.
                    ? feedback.trapped(
                        test.hidden ? nil : ScenarioEvaluation.fatalErrorLine(run.standardError).map(Self.clipped))
                    // Nor does its signal: the student's code could choose it to send back what it read.
                    : test.hidden
                        ? feedback.crashedSilently() : feedback.crashed(ScenarioEvaluation.signalName(signal))) + before
            return outcome
        case .exited(let status) where test.scenario.options.shouldTrap:
            // Judged as `lesson check` judges it: a scenario that must trap fails when it ends normally.
            outcome.message = feedback.shouldHaveTrapped(status) + before
            return outcome
        case .exited(let status) where status != 0:
            // A hidden test's exit status is a channel the student's code could send its source through.
            outcome.message = (test.hidden ? feedback.exitedNonZero() : feedback.exited(status)) + before
            return outcome
        default:
            break
        }
        let expected = test.expected?.content.map(\.text) ?? []
        guard
            let mismatch = OutputComparison.compare(
                expected: expected, actual: printed, firstLine: 1, options: test.scenario.outputOptions)
        else {
            outcome.status = .passed
            outcome.points = outcome.maxPoints
            return outcome
        }
        if test.hidden {
            outcome.message = feedback.hiddenOutputDiffers()
        } else if mismatch.firstDifference < expected.count {
            outcome.message =
                feedback.lineDiffers(mismatch.firstDifference + 1, of: expected.count) + "\n" + shortDiff(mismatch.diff)
        } else {
            outcome.message = feedback.extraOutput() + "\n" + shortDiff(mismatch.diff)
        }
        return outcome
    }

    func errored(_ test: Grader.GradingTest, message: String) -> TestOutcome {
        TestOutcome(
            name: test.name, status: .error, message: message, output: "", points: 0,
            maxPoints: test.scenario.options.points, hidden: test.hidden, testCode: test.testCode, seconds: 0)
    }

    /// Build errors as the student can read them: in their own file (`Sync.swift:40:5: error: …`,
    /// `main.swift:12:3: …`); in a visible test, at the lesson's line; in a hidden test, nothing of it.
    func buildMessage(_ build: CompileResult?, hidden: Bool, test: Grader.GradingTest?) -> String {
        guard let build else { return feedback.doesNotBuild() }
        if build.timedOut, let budget, build.seconds < buildTimeout - 0.05 {
            return feedback.budgetRanOut(Seconds.describe(budget))
        }
        if build.timedOut { return feedback.buildStopped(Seconds.describe(buildTimeout)) }
        if let limit = build.stoppedBy { return feedback.buildStoppedBy(feedback.limit(limit)) }
        let ownFiles = Set([studentFile, test?.sourcePath == "main.swift" ? "main.swift" : nil].compactMap { $0 })
        let own = build.errors.filter { ownFiles.contains($0.file) }
        var lines: [String] = []
        if !own.isEmpty {
            lines.append(feedback.doesNotBuild())
            lines += own.prefix(10).map { "\($0.file):\($0.line):\($0.column): error: \($0.message)" }
        }
        let inTest = build.errors.filter { !ownFiles.contains($0.file) }
        if !inTest.isEmpty || own.isEmpty {
            if hidden {
                lines.append(feedback.hiddenTestDoesNotBuild())
            } else {
                lines.append(feedback.testDoesNotBuild())
                let lesson = (test?.sourcePath as NSString?)?.lastPathComponent ?? ""
                lines += inTest.prefix(10).map { "\(lesson):\($0.line):\($0.column): error: \($0.message)" }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A line of a message, at most 200 characters: messages stay readable whatever a program prints.
    static func clipped(_ line: String) -> String {
        line.count <= 200 ? line : String(line.prefix(197)) + "..."
    }

    /// The first lines of a diff, at most `diffLines`, saying how many were left out.
    func shortDiff(_ diff: [String]) -> String {
        var shown = diff.prefix(Self.diffLines).map(Self.clipped)
        if diff.count > Self.diffLines { shown.append(feedback.moreDiffLines(diff.count - Self.diffLines)) }
        return shown.joined(separator: "\n")
    }

    /// How many lines of a diff a test's message shows.
    static let diffLines = 12

    /// At most `outputLimit` Unicode scalars, as Exercism counts them, the cut said in Exercism's words.
    func truncated(_ lines: [String]) -> String {
        let text = lines.map { $0 + "\n" }.joined()
        guard text.unicodeScalars.count > Self.outputLimit else { return text }
        let note = "\n" + Feedback.exercismTruncationNote
        let kept = String.UnicodeScalarView(text.unicodeScalars.prefix(Self.outputLimit - note.unicodeScalars.count))
        return String(kept) + note
    }
}
