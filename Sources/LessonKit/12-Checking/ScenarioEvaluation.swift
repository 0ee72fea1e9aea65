import Foundation

/// Turns what happened to a scenario (its build, its run) into a check with located findings, keeping the
/// promises of its attributes (`no_run`, `compile_fail`, `should_trap`) and of its expected block
/// (`unordered`, `ellipsis`).
struct ScenarioEvaluation {
    let plan: LessonPlan
    /// The absolute path the program's `#sourceLocation` lines name.
    let markdownPath: String
    let engine: ResolvedEngine
    let limits: ProcessLimits
    /// The wall-clock limit of one build, named when a build runs out of it.
    let buildTimeout: Double

    struct Outcome {
        var check: CheckResult
        /// Build errors inside the lesson's engine files: reported once per lesson, not per scenario.
        var engineErrors: [Finding]
    }

    var judge: Judge { Judge(limits: limits, buildTimeout: buildTimeout) }

    func evaluate(_ scenario: Scenario, _ execution: ScenarioExecution) -> Outcome {
        evaluate(scenario, execution, verdict: judge.verdict(execution, Expectation(scenario)))
    }

    /// `evaluate(_:_:)` with the verdict already reached.
    private func evaluate(_ scenario: Scenario, _ execution: ScenarioExecution, verdict: Verdict) -> Outcome {
        let opening = plan.lesson.location(scenario.block.openingLine)
        var check = CheckResult(
            kind: .scenario, location: opening, name: scenario.description, status: .failed,
            seconds: (execution.build?.seconds ?? 0) + (execution.run?.seconds ?? 0))
        check.expectedOutput = scenario.expectedLines.map { $0.map { $0 + "\n" }.joined() }
        if let run = execution.run { check.actualOutput = String(decoding: run.standardOutput, as: UTF8.self) }
        if let comments = scenario.outputComments {
            switch verdict {
            case .passed, .outputDiffers: check.outputComments = comments.lines.count
            default: break
            }
        }
        switch verdict {
        case .passed:
            check.status = .passed
            return Outcome(check: check, engineErrors: [])
        case .toolError(let toolError):
            check.findings = [Finding(.buildError, at: opening, "cannot build the scenario: \(toolError)")]
        case .buildTimedOut, .buildStopped, .buildFailed:
            return buildFailure(verdict, check: check)
        case .compileFailBuilt:
            check.findings = [Finding(.attributePromise, at: opening, "marked compile_fail but it built")]
        case .failedToCompileAsPromised(let build):
            return compileFail(scenario, build, check: check)
        default:
            (check.findings, check.fix) = runFindings(verdict, scenario, at: opening)
            if case .outputDiffers(_, let printed) = verdict, check.fix == nil, let comments = scenario.outputComments {
                check.updateRefusal = Self.refusal(comments, printed: printed)
            }
        }
        check.status = check.findings.isEmpty ? .passed : .failed
        return Outcome(check: check, engineErrors: [])
    }

    /// A book's listing is judged as a scenario whose output comments state its output, except that one
    /// that does not build in its context, or whose context does not run through, was not run: a note,
    /// never an error (the book stays green where the checker is unsure).
    func evaluateListing(_ listing: Listing, _ execution: ScenarioExecution) -> Outcome {
        let line = listing.block.openingLine
        let scenario = Scenario(
            block: listing.block, header: FileHeader(fileName: "main.swift", description: "listing at line \(line)"),
            expected: nil, options: ScenarioOptions(), outputOptions: OutputOptions(someLinesInOrder: true),
            attributeFindings: [], outputComments: listing.outputComments)
        let verdict = judge.verdict(execution, Expectation(scenario))
        if case .buildFailed(let build) = verdict {
            let first = build.errors.first.map { error in
                let place = error.file == markdownPath ? "line \(error.line): " : ""
                return ": " + place + error.message
            }
            let how = listing.context.isEmpty ? "alone" : listing.contextDescription
            return Outcome(
                check: Self.notRun(listing, plan, reason: "does not build \(how)" + (first ?? "")), engineErrors: [])
        }
        var outcome = evaluate(scenario, execution, verdict: verdict)
        outcome.check.kind = .listing
        outcome.check.name = Self.listingName(listing)
        switch verdict {
        case .trapped, .crashed, .exitedNonZero, .timedOut, .stopped:
            guard !listing.context.isEmpty else { return outcome }
            return Outcome(
                check: Self.notRun(
                    listing, plan,
                    reason: "it or the listings it is built after (\(listing.contextDescription)) "
                        + "did not run through: " + (outcome.check.findings.first?.message ?? "")),
                engineErrors: [])
        default:
            return outcome
        }
    }

    /// `listing at line 12`, with the listings it is built after.
    static func listingName(_ listing: Listing) -> String {
        "listing at line \(listing.block.openingLine)"
            + (listing.context.isEmpty ? "" : " (\(listing.contextDescription))")
    }

    /// The check of a listing that was not run: it passes, with a note that says why.
    static func notRun(_ listing: Listing, _ plan: LessonPlan, reason: String) -> CheckResult {
        let location = plan.lesson.location(listing.block.openingLine)
        return CheckResult(
            kind: .listing, location: location, name: listingName(listing), status: .passed,
            findings: [Finding(.notRun, at: location, "not run: " + reason)])
    }

    /// The starter of an engine exercise must build with the rest of the engine.
    func evaluateStarter(_ starter: EngineFile, _ execution: ScenarioExecution) -> Outcome {
        let id = starter.exercise ?? ""
        let check = CheckResult(
            kind: .exercise, location: plan.lesson.location(starter.block.openingLine),
            name: "starter of exercise \(id) (\(starter.fileName))", status: .failed,
            seconds: execution.build?.seconds ?? 0)
        return builtOnly(execution, check: check, subject: "the starter")
    }

    /// The engine files of a lesson with no scenario to build them must build together; their errors are
    /// the lesson's, reported once at their lines.
    func evaluateEngineFiles(_ execution: ScenarioExecution) -> Outcome {
        let first = plan.engineFiles[0].block
        let names = plan.engineFiles.map(\.fileName).joined(separator: ", ")
        let check = CheckResult(
            kind: .lesson, location: plan.lesson.location(first.openingLine),
            name: "engine files built without a scenario (\(names))", status: .failed,
            seconds: execution.build?.seconds ?? 0)
        return builtOnly(execution, check: check, subject: "the engine files")
    }

    /// A program that is only built passes when it builds.
    private func builtOnly(_ execution: ScenarioExecution, check: CheckResult, subject: String) -> Outcome {
        var check = check
        switch judge.verdict(execution, Expectation.builtOnly) {
        case .passed:
            check.status = .passed
            return Outcome(check: check, engineErrors: [])
        case .toolError(let toolError):
            check.findings = [Finding(.buildError, at: check.location, "cannot build \(subject): \(toolError)")]
            return Outcome(check: check, engineErrors: [])
        case let verdict:
            return buildFailure(verdict, check: check)
        }
    }

    // MARK: Building

    private func compileFail(_ scenario: Scenario, _ build: CompileResult, check: CheckResult) -> Outcome {
        var check = check
        let failure = buildFailure(.buildFailed(build), check: check)
        guard failure.engineErrors.isEmpty else { return failure }
        let diagnostics = build.diagnostics.filter { $0.severity == .error || $0.severity == .warning }.map {
            let location = locate($0, fallback: check.location).0
            return "\(location.description): \($0.severity.rawValue): \($0.message)"
        }
        let text = diagnostics.joined(separator: "\n")
        for line in scenario.expected?.content ?? [] where !line.text.trimmingSpaces().isEmpty {
            if !text.contains(line.text.trimmingSpaces()) {
                check.findings.append(
                    Finding(
                        .attributePromise, at: plan.lesson.location(line.number),
                        "marked compile_fail, but the diagnostics do not contain '\(line.text.trimmingSpaces())'",
                        details: ["the diagnostics:"] + diagnostics.map { "  " + $0 }))
            }
        }
        check.status = check.findings.isEmpty ? .passed : .failed
        return Outcome(check: check, engineErrors: [])
    }

    /// The findings of a build that failed or was stopped: errors in the lesson's engine files are the
    /// lesson's, reported once.
    func buildFailure(_ verdict: Verdict, check: CheckResult) -> Outcome {
        var check = check
        let opening = check.location
        switch verdict {
        case .buildTimedOut(let limit):
            let seconds = if case .own(let seconds) = limit { seconds } else { buildTimeout }
            check.findings = [
                Finding(.buildError, at: opening, "the build did not finish within \(Seconds.describe(seconds)) s")
            ]
            return Outcome(check: check, engineErrors: [])
        case .buildStopped(let limit):
            check.findings = [Finding(.buildError, at: opening, "the compiler was stopped: \(limit.description)")]
            return Outcome(check: check, engineErrors: [])
        case .buildFailed(let build):
            return buildErrors(build, check: check)
        default:
            return Outcome(check: check, engineErrors: [])
        }
    }

    private func buildErrors(_ build: CompileResult, check: CheckResult) -> Outcome {
        var check = check
        let opening = check.location
        var engineErrors: [Finding] = []
        for error in build.errors {
            let (location, inEngine) = locate(error, fallback: opening)
            if inEngine {
                engineErrors.append(Finding(.engineBuildError, at: location, error.message, details: error.context))
            } else {
                check.findings.append(Finding(.buildError, at: location, error.message, details: error.context))
            }
        }
        if check.findings.isEmpty && engineErrors.isEmpty {
            let lines = build.output.split(separator: "\n").prefix(40).map(String.init)
            check.findings = [Finding(.buildError, at: opening, "the scenario does not build", details: lines)]
        }
        return Outcome(check: check, engineErrors: engineErrors)
    }

    /// Where a build error belongs in the lesson, and whether it is inside an engine file. An error at the
    /// end of a program file (an unclosed brace) names the file itself: it belongs at the block's closing
    /// fence.
    private func locate(_ error: CompilerDiagnostic, fallback: SourceLocation) -> (SourceLocation, Bool) {
        if error.file == markdownPath {
            let inEngine = plan.engineFiles.contains {
                $0.block.openingLine < error.line && error.line <= $0.block.lastLine
            }
            return (plan.lesson.location(error.line, contentColumn: error.column), inEngine)
        }
        if engine.canonicalPaths.contains(error.file) {
            return (SourceLocation(path: error.file, line: error.line, column: error.column), true)
        }
        let fileName = error.file.split(separator: "/").last.map(String.init) ?? error.file
        if let engine = plan.engineFiles.first(where: { $0.fileName == fileName }) {
            return (plan.lesson.location(engine.block.lastLine), true)
        }
        if fileName == "main.swift",
            let scenario = plan.scenarios.first(where: { $0.block.openingLine == fallback.line })
        {
            return (plan.lesson.location(scenario.block.lastLine), false)
        }
        return (fallback, false)
    }

    // MARK: Running

    func runFindings(_ verdict: Verdict, _ scenario: Scenario, at opening: SourceLocation) -> (
        [Finding], BlockFix?
    ) {
        switch verdict {
        case .timedOut(_, let run):
            let message = "the scenario did not finish within the \(Seconds.describe(limits.timeout)) s time limit"
            return ([Finding(.timeout, at: opening, message, details: Self.before(run))], nil)
        case .stopped(let limit, let run):
            return (
                [Finding(.resourceLimit, at: opening, "stopped: \(limit.description)", details: Self.before(run))], nil
            )
        case .outputLimitExceeded(let limit, _):
            let message = "the scenario printed more than the \(ByteCount.describe(limit)) output limit and was stopped"
            return ([Finding(.outputLimit, at: opening, message)], nil)
        case .trapped(let run), .crashed(_, let run):
            var message = "the scenario trapped"
            if case .crashed(let signal, _) = verdict { message = "the scenario crashed (\(Judge.signalName(signal)))" }
            if let fatal = Judge.fatalErrorLine(run.standardError) { message += ": " + fatal }
            let kind: Finding.Kind = if case .trapped = verdict { .trap } else { .crash }
            return ([Finding(kind, at: opening, message, details: Self.before(run))], nil)
        case .shouldHaveTrapped(let status, let run):
            let message = "marked should_trap but it exited with status \(status)"
            return ([Finding(.attributePromise, at: opening, message, details: Self.before(run))], nil)
        case .exitedNonZero(let status, let run):
            let errors = String(decoding: run.standardError, as: UTF8.self).split(separator: "\n").prefix(20)
            let message = "the scenario exited with status \(status)"
            return ([Finding(.nonZeroExit, at: opening, message, details: errors.map(String.init))], nil)
        case .missingExpectedOutput(let printed):
            let fix = BlockFix(
                action: .insertAfter, blockLine: scenario.block.openingLine, lines: printed, subject: "expected output")
            let finding = Finding(
                .missingExpectedOutput, at: opening,
                "the scenario has no expected output: add a bare ``` block after it",
                details: ["it printed:"] + printed.map { "  " + $0 })
            return ([finding], fix)
        case .outputDiffers(let mismatch, let printed):
            return outputMismatch(scenario, mismatch, printed)
        default:
            return ([], nil)
        }
    }

    /// The last lines a program printed before it was stopped.
    private static func before(_ run: ProcessResult) -> [String] {
        let printed = OutputComparison.lines(of: String(decoding: run.standardOutput, as: UTF8.self))
        return printed.isEmpty ? [] : ["output before it stopped:"] + printed.suffix(20).map { "  " + $0 }
    }

    private func outputMismatch(_ scenario: Scenario, _ mismatch: OutputComparison.Mismatch, _ printed: [String])
        -> ([Finding], BlockFix?)
    {
        if let comments = scenario.outputComments { return commentMismatch(scenario, comments, mismatch, printed) }
        guard let expected = scenario.expected else { return ([], nil) }
        let expectedLines = expected.content.map(\.text)
        let mode = OutputMode(scenario.outputOptions)
        let line: Int
        var message: String
        if mismatch.firstDifference < expectedLines.count {
            line = expected.firstContentLine + mismatch.firstDifference
            message = "expected output differs at line \(mismatch.firstDifference + 1) of \(expectedLines.count)"
        } else {
            line = expected.closingLine ?? expected.lastLine
            let extra = printed.count - expectedLines.count
            message =
                !mode.countsExtraLines || extra <= 0
                ? "the scenario printed more than the expected output holds"
                : "the scenario printed \(extra) more line\(extra == 1 ? "" : "s") than expected"
        }
        message += mode.messageSuffix
        let lines = mode.updatedLines(expected: expectedLines, printed: printed)
        let fix = BlockFix(
            action: .replaceContent, blockLine: expected.openingLine, lines: lines, subject: "expected output")
        return ([Finding(.outputMismatch, at: plan.lesson.location(line), message, diff: mismatch.diff)], fix)
    }

    /// A mismatch with the output comments: at the comment of the first line that differs (at the last
    /// comment when the program printed only extra lines). The fix rewrites the comments that differ, when
    /// the program printed one line per comment.
    private func commentMismatch(
        _ scenario: Scenario, _ comments: OutputComments, _ mismatch: OutputComparison.Mismatch, _ printed: [String]
    ) -> ([Finding], BlockFix?) {
        let count = comments.lines.count
        let line: Int
        let message: String
        if scenario.outputOptions.someLinesInOrder, mismatch.firstDifference < count {
            line = comments.lines[mismatch.firstDifference].number
            message =
                "comment \(mismatch.firstDifference + 1) of \(count) states a line the listing does not print"
                + (mismatch.firstDifference == 0 ? "" : " after the lines of the comments before it")
        } else if mismatch.firstDifference < count {
            line = comments.lines[mismatch.firstDifference].number
            message = "expected output differs at comment \(mismatch.firstDifference + 1) of \(count)"
        } else {
            line = comments.lastLine
            let extra = printed.count - count
            message = "the scenario printed \(extra) more line\(extra == 1 ? "" : "s") than its output comments state"
        }
        let fix = comments.rewriting(scenario.block.content, to: printed).map {
            BlockFix(
                action: .replaceComments, blockLine: scenario.block.openingLine, lines: $0, subject: "output comment")
        }
        return ([Finding(.outputMismatch, at: plan.lesson.location(line), message, diff: mismatch.diff)], fix)
    }

    /// Why `--update` leaves a scenario's output comments as they are: it printed another number of lines.
    static func refusal(_ comments: OutputComments, printed: [String]) -> String {
        let count = comments.lines.count
        return "the scenario printed \(printed.count) line\(printed.count == 1 ? "" : "s") but its output comments "
            + "state \(count) (\(LineList.describe(comments.commentLines))): which comment each line belongs to "
            + "cannot be known; edit the comments, or state the output in an expected block"
    }
}

extension CheckResult {
    /// Whether the check is a listing that was not run (a note says why).
    var isNote: Bool { findings.contains { $0.kind == .notRun } }
}
