import Foundation

/// Turns a test's build and run into a result with feedback the student can act on. A hidden test's source
/// and expected output never appear in it: only diagnostics that point into the student's own file, and no
/// diff.
struct GradeEvaluation {
    let feedback: Feedback
    /// The student's engine file name, for engine exercises.
    let studentFile: String?
    /// How many lines the student's file has: an error the compiler places past its end (an unclosed `{`,
    /// found where the code the grader wraps it in ends) is shown at its last line.
    var submissionLines: Int? = nil
    /// The files a student has, by the path diagnostics name them with: a visible test's lesson and the
    /// course's engine files, each with the name the student knows it by. A diagnostic in any other file (a
    /// hidden test's) is never located for the student.
    var shownFiles: [String: String] = [:]
    let limits: ProcessLimits
    /// The wall-clock limit of one build, named when a build runs out of it.
    let buildTimeout: Double
    /// The whole grading's budget, named when it cut a build or a run short.
    var budget: Double? = nil

    /// What a test's `output` may hold.
    static let outputLimit = 500

    var judge: Judge { Judge(limits: limits, buildTimeout: buildTimeout, budget: budget) }

    /// What a test promises: the expected block or output comments (none is an empty output), its diff
    /// numbered from 1.
    static func expectation(_ test: Grader.GradingTest) -> Expectation {
        Expectation(
            expectedLines: test.expectedLines ?? [], outputComments: test.scenario.outputComments, numbering: .from(1),
            outputOptions: test.scenario.outputOptions, shouldTrap: test.scenario.options.shouldTrap,
            compileFail: false)
    }

    /// A hidden test's outcome says pass, or one fixed failure; its reason goes to the instructor's report.
    func evaluate(_ test: Grader.GradingTest, _ execution: ScenarioExecution) -> TestOutcome {
        var outcome = reasoned(test, execution)
        outcome.failure = Self.failure(judge.verdict(execution, Self.expectation(test)))
        if test.nameOnly {
            // Its name and verdict: what it printed, expected and why stay the instructor's.
            outcome.output = ""
            if outcome.status != .passed {
                outcome.reason = outcome.message
                outcome.message = feedback.nameOnlyFailed()
            }
            return outcome
        }
        guard test.hidden, outcome.status != .passed else { return outcome }
        outcome.reason = outcome.message
        outcome.status = .failed
        outcome.message = feedback.hiddenTestFailed()
        return outcome
    }

    /// How the instructor's page groups a verdict.
    static func failure(_ verdict: Verdict) -> FailureKind? {
        switch verdict {
        case .passed: nil
        case .toolError: .ungraded
        case .buildTimedOut(.budget), .timedOut(.budget, _): .budget
        case .buildTimedOut, .buildStopped, .buildFailed, .compileFailBuilt, .failedToCompileAsPromised: .build
        case .timedOut: .timeout
        case .trapped, .crashed: .crash
        case .stopped, .outputLimitExceeded: .limit
        case .shouldHaveTrapped, .exitedNonZero, .missingExpectedOutput, .outputDiffers: .wrong
        }
    }

    private func reasoned(_ test: Grader.GradingTest, _ execution: ScenarioExecution) -> TestOutcome {
        var outcome = TestOutcome(
            name: test.name, status: .failed, message: "", output: "", points: 0,
            maxPoints: test.scenario.options.points, task: test.scenario.options.task, hidden: test.hidden,
            testCode: test.testCode,
            seconds: (execution.build?.seconds ?? 0) + (execution.run?.seconds ?? 0))
        // What the program printed, as lines: read once, for the output, the shape and the partial credit.
        let printed = execution.run.map {
            OutputComparison.lines(of: String(decoding: $0.standardOutput, as: UTF8.self))
        }
        if let printed, !test.hidden { outcome.output = truncated(printed) }
        let verdict = judge.verdict(execution, Self.expectation(test))
        switch verdict {
        case .passed:
            outcome.status = .passed
            outcome.points = outcome.maxPoints
        case .toolError(let toolError):
            outcome.status = .error
            // A hidden test says nothing more: the text could come from a program imitating the grader.
            outcome.message = "the grader could not run this test" + (test.hidden ? "" : ": \(Self.clipped(toolError))")
        case .buildTimedOut, .buildStopped, .buildFailed, .compileFailBuilt, .failedToCompileAsPromised:
            outcome.status = .error
            outcome.message = buildMessage(verdict, hidden: test.hidden, test: test)
        case .timedOut(.budget(let seconds), let run):
            outcome.status = .error
            outcome.message = feedback.budgetRanOut(Seconds.describe(seconds)) + before(run, test)
        case .outputDiffers(let mismatch, _):
            outcome.explanation = shape(test, printed, stopped: false)
            outcome.message = explained(outcome.explanation, test, printed) + differenceMessage(mismatch, test)
        case .missingExpectedOutput:
            break  // a test always has an expectation (`expectation(_:)`)
        case .trapped, .crashed, .exitedNonZero:
            // A trap or an exit before the output ended; a limit that stopped the program says so itself.
            outcome.explanation = shape(test, printed, stopped: true)
            outcome.message = explained(outcome.explanation, test, printed) + runMessage(verdict, test)
        default:
            outcome.message = runMessage(verdict, test)
        }
        if case .buildFailed(let build) = verdict { outcome.diagnostic = explainedDiagnostic(build, test: test)?.key }
        creditPartially(&outcome, test, printed)
        return outcome
    }

    /// A visible test asking for partial credit that failed after it ran earns the share of its points its
    /// output matched (`PartialCredit`), said after the rest of its message.
    private func creditPartially(
        _ outcome: inout TestOutcome, _ test: Grader.GradingTest, _ printed: [String]?
    ) {
        let options = test.scenario.outputOptions
        // Nor a name-only one: its points would say how much of its output was right.
        guard options.partial, !test.hidden, !test.nameOnly, outcome.status == .failed, let printed,
            let expected = test.expectedLines, !expected.isEmpty
        else { return }
        let matched = PartialCredit.matchedLines(expected: expected, printed: printed, unordered: options.unordered)
        outcome.points = PartialCredit.points(maxPoints: outcome.maxPoints, matched: matched, of: expected.count)
        outcome.message +=
            "\n"
            + feedback.partialCredit(matched, of: expected.count, points: outcome.points, maxPoints: outcome.maxPoints)
    }

    /// The shape of a test's wrong output (`OutputShape`): of the whole output, or, for a program that
    /// `stopped` abnormally, of what it printed before. None where the expected block compares otherwise
    /// than line by line (`unordered`, `ellipsis`) or where the program did not run.
    private func shape(_ test: Grader.GradingTest, _ printed: [String]?, stopped: Bool) -> OutputShape? {
        guard let printed, let expected = test.expectedLines, !test.scenario.outputOptions.unordered,
            !test.scenario.outputOptions.ellipsis
        else { return nil }
        return stopped
            ? OutputShape.ofStopped(expected: expected, printed: printed)
            : OutputShape.of(expected: expected, printed: printed)
    }

    /// The sentence that explains `shape` to the student, on a line of its own; nothing for a hidden test,
    /// whose expected output it would describe.
    private func explained(_ shape: OutputShape?, _ test: Grader.GradingTest, _ printed: [String]?) -> String {
        guard let shape, !test.hidden else { return "" }
        return feedback.explanation(shape, expected: test.expectedLines?.count ?? 0, printed: printed?.count ?? 0)
            + "\n"
    }

    /// Why a run failed, in the student's language, with the last lines it printed before it stopped.
    private func runMessage(_ verdict: Verdict, _ test: Grader.GradingTest) -> String {
        switch verdict {
        case .timedOut(let limit, let run):
            let seconds = if case .own(let seconds) = limit { seconds } else { limits.timeout }
            return feedback.stopped(feedback.timeLimit(Seconds.describe(seconds))) + before(run, test)
        case .outputLimitExceeded(let limit, _):
            return feedback.stopped(feedback.outputLimit(ByteCount.describe(limit)))
        case .stopped(let limit, let run):
            return feedback.stopped(feedback.limit(limit)) + before(run, test)
        case .trapped(let run):
            // A hidden test's trap message could carry what the hidden test did: not shown.
            let fatal = test.hidden ? nil : Judge.fatalErrorLine(run.standardError).map(Self.clipped)
            return feedback.trapped(fatal) + before(run, test)
        case .crashed(let signal, let run):
            // Nor does its signal: the student's code could choose it to send back what it read.
            return (test.hidden ? feedback.crashedSilently() : feedback.crashed(Judge.signalName(signal)))
                + before(run, test)
        case .shouldHaveTrapped(let status, let run):
            // Judged as `lesson check` judges it: a scenario that must trap fails when it ends normally.
            return feedback.shouldHaveTrapped(status) + before(run, test)
        case .exitedNonZero(let status, let run):
            // A hidden test's exit status is a channel the student's code could send its source through.
            return (test.hidden ? feedback.exitedNonZero() : feedback.exited(status)) + before(run, test)
        default:
            return ""
        }
    }

    /// The last lines a visible test printed before it stopped; nothing of a hidden test's.
    private func before(_ run: ProcessResult, _ test: Grader.GradingTest) -> String {
        let printed = OutputComparison.lines(of: String(decoding: run.standardOutput, as: UTF8.self))
        guard !test.hidden, !printed.isEmpty else { return "" }
        return "\n" + feedback.outputBeforeStop() + "\n" + printed.suffix(10).map(Self.clipped).joined(separator: "\n")
    }

    private func differenceMessage(_ mismatch: OutputComparison.Mismatch, _ test: Grader.GradingTest) -> String {
        let expected = test.expectedLines?.count ?? 0
        if test.hidden { return feedback.hiddenOutputDiffers() }
        if mismatch.firstDifference < expected {
            return feedback.lineDiffers(mismatch.firstDifference + 1, of: expected) + " " + feedback.diffLegend() + "\n"
                + shortDiff(mismatch.diff)
        }
        return feedback.extraOutput() + " " + feedback.diffLegend() + "\n" + shortDiff(mismatch.diff)
    }

    func errored(_ test: Grader.GradingTest, message: String, failure: FailureKind) -> TestOutcome {
        TestOutcome(
            name: test.name, status: .error, message: message, output: "", points: 0,
            maxPoints: test.scenario.options.points, task: test.scenario.options.task, hidden: test.hidden,
            testCode: test.testCode, seconds: 0,
            failure: failure)
    }

    /// Build errors as the student can read them: in their own file (`Sync.swift:40:5: error: …`,
    /// `main.swift:12:3: …`); in a visible test, at the lesson's line; in a hidden test, nothing of it.
    func buildMessage(_ verdict: Verdict, hidden: Bool, test: Grader.GradingTest?) -> String {
        switch verdict {
        case .buildTimedOut(.budget(let seconds)): return feedback.budgetRanOut(Seconds.describe(seconds))
        case .buildTimedOut(.own(let seconds)): return feedback.buildStopped(Seconds.describe(seconds))
        case .buildStopped(let limit): return feedback.buildStoppedBy(feedback.limit(limit))
        case .buildFailed(let build), .failedToCompileAsPromised(let build):
            return buildErrors(build, hidden: hidden, test: test)
        default: return feedback.doesNotBuild()
        }
    }

    private func buildErrors(_ build: CompileResult, hidden: Bool, test: Grader.GradingTest?) -> String {
        let ownFiles = ownFiles(test)
        let own = build.errors.filter { ownFiles.contains($0.file) }
        var lines: [String] = []
        if !own.isEmpty {
            lines.append(feedback.doesNotBuild())
            for error in own.prefix(10) {
                let (line, column) =
                    submissionLines.map { error.line > $0 ? (max($0, 1), 1) : (error.line, error.column) }
                    ?? (error.line, error.column)
                lines.append(Self.clipped("\(error.file):\(line):\(column): error: \(error.message)"))
                // The compiler's line stays as it is; what it means, in the student's language, under it.
                if let explanation = DiagnosticExplanation.of(id: error.id) {
                    lines.append(Self.explanationMark + feedback.explanation(explanation))
                }
            }
        }
        let elsewhere = build.errors.filter { !ownFiles.contains($0.file) }
        // A hidden test's build errors stay the instructor's: their lines, columns and the names they call
        // would tell what the hidden test holds. A visible file's are shown under the name the student has.
        let shown = hidden ? [] : elsewhere.filter { shownFiles[$0.file] != nil }
        let unshown = elsewhere.count - shown.count
        if !shown.isEmpty || (own.isEmpty && unshown == 0) {
            lines.append(feedback.testDoesNotBuild())
            lines += shown.prefix(10).map {
                Self.clipped("\(shownFiles[$0.file]!):\($0.line):\($0.column): error: \($0.message)")
            }
        }
        if unshown > 0 || (hidden && own.isEmpty) { lines.append(feedback.hiddenTestDoesNotBuild()) }
        return lines.joined(separator: "\n")
    }

    /// What starts the line that explains a compiler error, under it.
    static let explanationMark = "  → "

    /// The explanation of the first of the student's own compiler errors that has one.
    func explainedDiagnostic(_ build: CompileResult, test: Grader.GradingTest?) -> DiagnosticExplanation? {
        let ownFiles = ownFiles(test)
        return build.errors.lazy.filter { ownFiles.contains($0.file) }.compactMap {
            DiagnosticExplanation.of(id: $0.id)
        }
        .first
    }

    /// The files that are the student's own: their engine file, or the scenario they wrote.
    private func ownFiles(_ test: Grader.GradingTest?) -> Set<String> {
        Set([studentFile, test?.sourcePath == "main.swift" ? "main.swift" : nil].compactMap { $0 })
    }

    /// A line of a message, at most 200 Unicode scalars and 600 bytes: messages stay readable whatever a
    /// program prints. Characters are no measure: one character can hold any number of combining marks.
    static func clipped(_ line: String) -> String {
        let limits = (scalars: 200, bytes: 600)
        let view = line.unicodeScalars
        // Where the clipped text ends, so that the marker still fits within both limits.
        var cut: String.UnicodeScalarView.Index?
        var (scalars, bytes) = (0, 0)
        for index in view.indices {
            let width = UTF8.width(view[index])
            if cut == nil, scalars + 1 > limits.scalars - 3 || bytes + width > limits.bytes - 3 { cut = index }
            (scalars, bytes) = (scalars + 1, bytes + width)
            if scalars > limits.scalars || bytes > limits.bytes { return String(view[..<(cut ?? index)]) + "..." }
        }
        return line
    }

    /// The first lines of a diff, at most `diffLines`, saying how many were left out.
    func shortDiff(_ diff: [DiffLine]) -> String {
        var shown = diff.prefix(Self.diffLines).map { Self.clipped($0.unified) }
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
