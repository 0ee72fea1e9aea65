import Foundation

/// Turns what happened to a scenario (its build, its run) into a check with located findings.
struct ScenarioEvaluation {
    let plan: LessonPlan
    /// The absolute path the program's `#sourceLocation` lines name.
    let markdownPath: String
    let engine: ResolvedEngine
    let limits: ProcessLimits

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
        if let toolError = execution.toolError {
            check.findings = [Finding(.buildError, at: opening, "cannot build the scenario: \(toolError)")]
            return Outcome(check: check, engineErrors: [])
        }
        guard let build = execution.build, build.succeeded, let run = execution.run else {
            return buildFailure(execution.build, check: check)
        }
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        check.actualOutput = output
        check.findings = runFindings(scenario, run, output: output, at: opening)
        check.status = check.findings.isEmpty ? .passed : .failed
        return Outcome(check: check, engineErrors: [])
    }

    private func buildFailure(_ build: CompileResult?, check: CheckResult) -> Outcome {
        var check = check
        let opening = check.location
        guard let build else { return Outcome(check: check, engineErrors: []) }
        if build.timedOut {
            check.findings = [
                Finding(.buildError, at: opening, "the build did not finish within \(seconds(limits.timeout)) s")
            ]
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
            return (plan.lesson.location(error.line, column: error.column), inEngine)
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

    private func runFindings(_ scenario: Scenario, _ run: ProcessResult, output: String, at opening: SourceLocation)
        -> [Finding]
    {
        let printed = OutputComparison.lines(of: output)
        let before = printed.isEmpty ? [] : ["output before it stopped:"] + printed.suffix(20).map { "  " + $0 }
        switch run.termination {
        case .timedOut:
            return [
                Finding(
                    .timeout, at: opening,
                    "the scenario did not finish within the \(seconds(limits.timeout)) s time limit",
                    details: before)
            ]
        case .outputLimitExceeded:
            return [
                Finding(
                    .outputLimit, at: opening,
                    "the scenario printed more than the \(ByteCount.describe(limits.outputLimit)) output limit and was stopped"
                )
            ]
        case .signaled(let signal):
            let trapped = signal == SIGILL || signal == SIGTRAP
            var message = trapped ? "the scenario trapped" : "the scenario crashed (\(Self.signalName(signal)))"
            if let fatal = Self.fatalErrorLine(run.standardError) { message += ": " + fatal }
            return [Finding(trapped ? .trap : .crash, at: opening, message, details: before)]
        case .exited(let status) where status != 0:
            let errors = String(decoding: run.standardError, as: UTF8.self).split(separator: "\n").prefix(20)
            return [
                Finding(
                    .nonZeroExit, at: opening, "the scenario exited with status \(status)",
                    details: errors.map(String.init))
            ]
        case .exited:
            break
        }
        guard let expected = scenario.expected else {
            return [
                Finding(
                    .missingExpectedOutput, at: opening,
                    "the scenario has no expected output: add a bare ``` block after it",
                    details: ["it printed:"] + printed.map { "  " + $0 })
            ]
        }
        let expectedLines = expected.content.map(\.text)
        guard
            let mismatch = OutputComparison.compare(
                expected: expectedLines, actual: printed, firstLine: expected.firstContentLine)
        else { return [] }
        let line: Int
        let message: String
        if mismatch.firstDifference < expectedLines.count {
            line = expected.firstContentLine + mismatch.firstDifference
            message = "expected output differs at line \(mismatch.firstDifference + 1) of \(expectedLines.count)"
        } else {
            line = expected.closingLine ?? expected.lastLine
            let extra = printed.count - expectedLines.count
            message = "the scenario printed \(extra) more line\(extra == 1 ? "" : "s") than expected"
        }
        return [Finding(.outputMismatch, at: plan.lesson.location(line), message, details: mismatch.diff)]
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

    private func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Byte counts as people read them: `1 MiB`, `512 KiB`, `100 bytes`.
public enum ByteCount {
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
