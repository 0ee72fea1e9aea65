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

    func evaluate(_ scenario: Scenario, _ execution: ScenarioExecution) -> Outcome {
        let opening = plan.lesson.location(scenario.block.openingLine)
        var check = CheckResult(
            kind: .scenario, location: opening, name: scenario.description, status: .failed,
            seconds: (execution.build?.seconds ?? 0) + (execution.run?.seconds ?? 0))
        check.expectedOutput = scenario.expected?.text
        if let toolError = execution.toolError {
            check.findings = [Finding(.buildError, at: opening, "cannot build the scenario: \(toolError)")]
            return Outcome(check: check, engineErrors: [])
        }
        if scenario.options.compileFail, let build = execution.build {
            return compileFail(scenario, build, check: check)
        }
        guard let build = execution.build, build.succeeded else {
            return buildFailure(execution.build, check: check)
        }
        guard let run = execution.run else {
            // `no_run`: building was the whole promise.
            check.status = .passed
            return Outcome(check: check, engineErrors: [])
        }
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        check.actualOutput = output
        (check.findings, check.fix) = runFindings(scenario, run, output: output, at: opening)
        check.status = check.findings.isEmpty ? .passed : .failed
        return Outcome(check: check, engineErrors: [])
    }

    /// The starter of an engine exercise must build with the rest of the engine.
    func evaluateStarter(_ starter: EngineFile, _ execution: ScenarioExecution) -> Outcome {
        let id = starter.block.info.attribute("exercise")?.value ?? ""
        let check = CheckResult(
            kind: .exercise, location: plan.lesson.location(starter.block.openingLine),
            name: "starter of exercise \(id) (\(starter.fileName))", status: .failed,
            seconds: execution.build?.seconds ?? 0)
        guard let build = execution.build, build.succeeded else {
            var outcome = buildFailure(execution.build, check: check)
            if let toolError = execution.toolError {
                outcome.check.findings = [
                    Finding(.buildError, at: check.location, "cannot build the starter: \(toolError)")
                ]
            }
            return outcome
        }
        var passed = check
        passed.status = .passed
        return Outcome(check: passed, engineErrors: [])
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
        guard let build = execution.build, build.succeeded else {
            var outcome = buildFailure(execution.build, check: check)
            if let toolError = execution.toolError {
                outcome.check.findings = [
                    Finding(.buildError, at: check.location, "cannot build the engine files: \(toolError)")
                ]
            }
            return outcome
        }
        var passed = check
        passed.status = .passed
        return Outcome(check: passed, engineErrors: [])
    }

    // MARK: Building

    private func compileFail(_ scenario: Scenario, _ build: CompileResult, check: CheckResult) -> Outcome {
        var check = check
        guard !build.succeeded else {
            check.findings = [Finding(.attributePromise, at: check.location, "marked compile_fail but it built")]
            return Outcome(check: check, engineErrors: [])
        }
        let failure = buildFailure(build, check: check)
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

    private func buildFailure(_ build: CompileResult?, check: CheckResult) -> Outcome {
        var check = check
        let opening = check.location
        guard let build else { return Outcome(check: check, engineErrors: []) }
        if build.timedOut {
            check.findings = [
                Finding(
                    .buildError, at: opening, "the build did not finish within \(Seconds.describe(buildTimeout)) s")
            ]
            return Outcome(check: check, engineErrors: [])
        }
        if let limit = build.stoppedBy {
            check.findings = [Finding(.buildError, at: opening, "the compiler was stopped: \(limit.description)")]
            return Outcome(check: check, engineErrors: [])
        }
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

    private func runFindings(_ scenario: Scenario, _ run: ProcessResult, output: String, at opening: SourceLocation)
        -> ([Finding], BlockFix?)
    {
        let printed = OutputComparison.lines(of: output)
        let before = printed.isEmpty ? [] : ["output before it stopped:"] + printed.suffix(20).map { "  " + $0 }
        switch run.termination {
        case .timedOut:
            let message = "the scenario did not finish within the \(Seconds.describe(limits.timeout)) s time limit"
            return ([Finding(.timeout, at: opening, message, details: before)], nil)
        case .stopped(let limit):
            return ([Finding(.resourceLimit, at: opening, "stopped: \(limit.description)", details: before)], nil)
        case .outputLimitExceeded:
            let limit = ByteCount.describe(limits.outputLimit)
            let message = "the scenario printed more than the \(limit) output limit and was stopped"
            return ([Finding(.outputLimit, at: opening, message)], nil)
        case .signaled(let signal):
            let trapped = signal == SIGILL || signal == SIGTRAP
            if trapped && scenario.options.shouldTrap { return compareOutput(scenario, printed, at: opening) }
            var message = trapped ? "the scenario trapped" : "the scenario crashed (\(Self.signalName(signal)))"
            if let fatal = Self.fatalErrorLine(run.standardError) { message += ": " + fatal }
            return ([Finding(trapped ? .trap : .crash, at: opening, message, details: before)], nil)
        case .exited(let status):
            if scenario.options.shouldTrap {
                let message = "marked should_trap but it exited with status \(status)"
                return ([Finding(.attributePromise, at: opening, message, details: before)], nil)
            }
            if status != 0 {
                let errors = String(decoding: run.standardError, as: UTF8.self).split(separator: "\n").prefix(20)
                let message = "the scenario exited with status \(status)"
                return ([Finding(.nonZeroExit, at: opening, message, details: errors.map(String.init))], nil)
            }
            return compareOutput(scenario, printed, at: opening)
        }
    }

    private func compareOutput(_ scenario: Scenario, _ printed: [String], at opening: SourceLocation) -> (
        [Finding], BlockFix?
    ) {
        guard let expected = scenario.expected else {
            let fix = BlockFix(
                action: .insertAfter, blockLine: scenario.block.openingLine, lines: printed, subject: "expected output")
            let finding = Finding(
                .missingExpectedOutput, at: opening,
                "the scenario has no expected output: add a bare ``` block after it",
                details: ["it printed:"] + printed.map { "  " + $0 })
            return ([finding], fix)
        }
        let expectedLines = expected.content.map(\.text)
        let options = scenario.outputOptions
        guard
            let mismatch = OutputComparison.compare(
                expected: expectedLines, actual: printed, firstLine: expected.firstContentLine, options: options)
        else { return ([], nil) }
        let line: Int
        var message: String
        if mismatch.firstDifference < expectedLines.count {
            line = expected.firstContentLine + mismatch.firstDifference
            message = "expected output differs at line \(mismatch.firstDifference + 1) of \(expectedLines.count)"
        } else {
            line = expected.closingLine ?? expected.lastLine
            let extra = printed.count - expectedLines.count
            message =
                options.ellipsis || options.unordered || extra <= 0
                ? "the scenario printed more than the expected output holds"
                : "the scenario printed \(extra) more line\(extra == 1 ? "" : "s") than expected"
        }
        if options.unordered { message += " (lines compared in any order)" }
        if options.ellipsis { message += " ('...' matches any lines)" }
        let lines =
            options.ellipsis ? OutputMatching.keepingWildcards(expected: expectedLines, actual: printed) : printed
        let fix = BlockFix(
            action: .replaceContent, blockLine: expected.openingLine, lines: lines, subject: "expected output")
        return ([Finding(.outputMismatch, at: plan.lesson.location(line), message, details: mismatch.diff)], fix)
    }

    /// `Fatal error: …` from the runtime's report, without the file and line prefix, which name the standard
    /// library's sources and differ between toolchains.
    static func fatalErrorLine(_ standardError: [UInt8]) -> String? {
        let text = String(decoding: standardError, as: UTF8.self)
        for line in text.split(separator: "\n") {
            if let range = line.range(of: "Fatal error") { return String(line[range.lowerBound...]) }
        }
        return nil
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
            SIGTERM: "SIGTERM",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}
