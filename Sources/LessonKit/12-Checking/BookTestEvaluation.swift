/// A book test judged (docs/book-tests.md): its output against its `<-`, `<<` and `</` lines, its build
/// against its `!$` lines.
extension ScenarioEvaluation {
    func evaluateBookTest(_ test: BookTest, _ execution: ScenarioExecution) -> Outcome {
        let expected = test.expectedOutput
        let expectation = Expectation(
            expectedLines: expected.map(\.text), numbering: .lines(expected.map(\.number), last: test.lastLine),
            outputOptions: OutputOptions(), shouldTrap: test.expectedTrap != nil, compileFail: test.expectsErrors,
            isBookTest: true)
        let verdict = judge.verdict(execution, expectation)
        var check = CheckResult(
            kind: .bookTest, location: plan.lesson.location(test.line), name: Self.bookTestName(test),
            status: .failed, seconds: (execution.build?.seconds ?? 0) + (execution.run?.seconds ?? 0))
        check.expectedOutput = expected.map { $0.text + "\n" }.joined()
        if let run = execution.run { check.actualOutput = String(decoding: run.standardOutput, as: UTF8.self) }
        switch verdict {
        case .toolError(let toolError):
            check.findings = [Finding(.buildError, at: check.location, "cannot build the test: \(toolError)")]
        case .buildTimedOut, .buildStopped, .buildFailed:
            var outcome = buildFailure(verdict, check: check)
            outcome.check.findings = (outcome.check.findings + outcome.engineErrors).map { Self.inFile($0, test) }
            return Outcome(check: outcome.check, engineErrors: [])
        case .compileFailBuilt:
            let first = test.expectedDiagnostics.first { $0.severity == .error }!
            check.findings = [
                Finding(
                    .expectedDiagnostic, at: plan.lesson.location(first.line),
                    "the test expects the error '\(first.message)', but it builds")
            ]
        case .failedToCompileAsPromised(let build):
            check.findings = unreported(test, build, severity: .error)
        case .passed:
            break
        case .outputDiffers(let mismatch, let printed):
            (check.findings, check.fix, check.updateRefusal) = outputMismatch(test, mismatch, printed)
        case .shouldHaveTrapped(let status, _):
            let trap = test.expectedTrap!
            check.findings = [
                Finding(
                    .trap, at: plan.lesson.location(trap.number),
                    "the test expects a runtime error here (xx \(trap.text)), but it exited with status \(status)")
            ]
        default:
            check.findings = runFindings(verdict, Self.scenario(of: test), at: check.location).0
        }
        if let build = execution.build, build.succeeded {
            check.findings += unreported(test, build, severity: .warning)
        }
        check.status = check.findings.isEmpty ? .passed : .failed
        return Outcome(check: check, engineErrors: [])
    }

    /// A diagnostic's column in the program made a column of the Markdown line: the line's prefix added back
    /// (`  -> `), less what the program adds to a `/>` line (`print("`).
    private static func inFile(_ finding: Finding, _ test: BookTest) -> Finding {
        guard let column = finding.location.column,
            let line = test.blocks.lazy.flatMap(\.lines).first(where: { $0.number == finding.location.line })
        else { return finding }
        var finding = finding
        let added = line.kind == .printedComment ? "print(\"".count : 0
        finding.location.column = max(1, column + line.lead.count - added)
        return finding
    }

    /// `test name`, as reports name a book test.
    static func bookTestName(_ test: BookTest) -> String { "test \(test.name)" }

    /// The check of a book test that was not built: it passes, with a note that says why.
    static func notRun(_ test: BookTest, _ plan: LessonPlan, reason: String) -> CheckResult {
        let location = plan.lesson.location(test.line)
        return CheckResult(
            kind: .bookTest, location: location, name: bookTestName(test), status: .passed,
            findings: [Finding(.notRun, at: location, "not run: " + reason)])
    }

    /// The test as a scenario, for the findings of a run that did not end well.
    private static func scenario(of test: BookTest) -> Scenario {
        Scenario(
            block: test.programBlocks[test.programBlocks.count - 1],
            header: FileHeader(fileName: "main.swift", description: bookTestName(test)), expected: nil,
            options: ScenarioOptions(), outputOptions: OutputOptions(), attributeFindings: [])
    }

    /// The expected diagnostics of `severity` that the build did not report: each a finding at its `!$` line.
    /// Messages are compared as `BookDiagnosticText` normalizes them; an expected diagnostic matches one
    /// reported diagnostic, in order.
    private func unreported(_ test: BookTest, _ build: CompileResult, severity: ExpectedDiagnostic.Severity)
        -> [Finding]
    {
        let wanted = test.expectedDiagnostics.filter { $0.severity == severity }
        guard !wanted.isEmpty else { return [] }
        // Only the test's own lines: a merged build reports the warnings of every program in it.
        let lines = test.blocks.map { ($0.openingLine ?? $0.headerLine)...$0.lastLine }
        let all = build.diagnostics.filter { diagnostic in
            diagnostic.severity.rawValue == severity.rawValue && diagnostic.file == markdownPath
                && lines.contains { $0.contains(diagnostic.line) }
        }
        var reported = all
        var findings: [Finding] = []
        for diagnostic in wanted {
            if let index = reported.firstIndex(where: { BookDiagnosticText.matches($0.message, diagnostic.message) }) {
                reported.remove(at: index)
                continue
            }
            let said = all.map { "  line \($0.line): " + $0.message }
            findings.append(
                Finding(
                    .expectedDiagnostic, at: plan.lesson.location(diagnostic.line),
                    "expected \(severity.rawValue) not reported: \(diagnostic.message)",
                    details: said.isEmpty
                        ? ["the compiler reported no \(severity.rawValue)"]
                        : ["the compiler reported:"] + said))
        }
        return findings
    }

    /// A mismatch at the first expected line that differs (at the test's last line when it printed only
    /// more lines); the fix rewrites the expected lines that differ, each keeping its prefix, when the test
    /// printed one line for each.
    private func outputMismatch(_ test: BookTest, _ mismatch: OutputComparison.Mismatch, _ printed: [String]) -> (
        [Finding], BlockFix?, String?
    ) {
        let expected = test.expectedOutput
        let line: Int
        let message: String
        if mismatch.firstDifference < expected.count {
            line = expected[mismatch.firstDifference].number
            message =
                mismatch.firstDifference < printed.count
                ? "expected output differs at line \(mismatch.firstDifference + 1) of \(expected.count)"
                : "the test printed \(printed.count) of the \(expected.count) lines it expects"
        } else {
            line = test.lastLine
            let extra = printed.count - expected.count
            message = "the test printed \(extra) more line\(extra == 1 ? "" : "s") than it expects"
        }
        let finding = Finding(.outputMismatch, at: plan.lesson.location(line), message, diff: mismatch.diff)
        guard printed.count == expected.count else {
            let refusal =
                "the test printed \(printed.count) line\(printed.count == 1 ? "" : "s") but expects "
                + "\(expected.count): which expected line each belongs to cannot be known; edit the test"
            return ([finding], nil, refusal)
        }
        let changed = zip(expected, printed).filter { $0.text != $1 }
        var fix = BlockFix(
            action: .replaceLines, blockLine: test.line, lines: changed.map { Self.written($1, as: $0) },
            subject: "book test output line")
        fix.lineNumbers = changed.map { $0.0.number }
        return ([finding], fix, nil)
    }

    /// An expected line rewritten to `text`, keeping its indentation and prefix as written.
    static func written(_ text: String, as line: BookTestLine) -> String {
        text.isEmpty ? line.lead.droppingTrailingSpaces() : line.lead + text
    }
}

/// How a book's expected diagnostic is compared with the compiler's: the book was written against older
/// compilers, whose wording differs in quotes and spaces, not in substance.
enum BookDiagnosticText {
    static func matches(_ reported: String, _ expected: String) -> Bool {
        normalized(withoutGroup(reported)) == normalized(expected)
    }

    /// The message without the diagnostic group newer compilers name after it (` [#ExclusivityViolation]`).
    static func withoutGroup(_ message: String) -> String {
        guard message.hasSuffix("]"), let start = message.range(of: " [#", options: .backwards) else { return message }
        return String(message[..<start.lowerBound])
    }

    /// Quotes made straight, runs of spaces made one, the ends trimmed.
    static func normalized(_ message: String) -> String {
        var text = ""
        var space = false
        for character in message {
            let straight: Character =
                switch character {
                case "\u{2018}", "\u{2019}": "'"
                case "\u{201C}", "\u{201D}": "\""
                default: character
                }
            if straight == " " || straight == "\t" {
                space = true
                continue
            }
            if space, !text.isEmpty { text.append(" ") }
            space = false
            text.append(straight)
        }
        return text
    }
}
