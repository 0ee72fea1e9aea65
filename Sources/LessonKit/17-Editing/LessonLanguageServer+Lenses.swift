/// The last check's results where the author reads: a code lens above each program with its result (which
/// checks the lesson again), and a hover on the program or its expected output with what it printed.
extension LessonLanguageServer {
    /// One lens per scenario, listing and book test of the last report, at its line.
    func codeLenses(_ params: [String: Any]) -> [[String: Any]] {
        guard let uri = uri(params), let stored = lock.withLock({ reports[uri] }) else { return [] }
        return stored.report.checks.filter { Self.runnableKinds.contains($0.kind) }.map { check in
            let line = max(check.location.line - 1, 0)
            return [
                "range": ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]],
                "command": ["title": Self.lensTitle(check), "command": "lesson.check", "arguments": [uri]],
            ]
        }
    }

    static let runnableKinds: Set<CheckResult.Kind> = [.scenario, .listing, .bookTest, .exercise]

    /// `✓ main.swift — sayar: passed (0.31 s)`, `✗ …: expected output differs at line 2 of 3`.
    static func lensTitle(_ check: CheckResult) -> String {
        switch check.status {
        case .passed: "✓ \(check.name): passed" + (check.seconds > 0 ? " (\(Seconds.describe(check.seconds)) s)" : "")
        case .skipped: "– \(check.name): skipped"
        case .failed, .baselined:
            "✗ \(check.name): " + (check.findings.first { $0.severity == .error }?.message ?? check.status.rawValue)
        }
    }

    /// What the program of the block under the cursor printed in the last check: on a scenario, its expected
    /// block, a listing, or any line of a book test.
    func hover(_ params: [String: Any]) -> [String: Any]? {
        guard let uri = uri(params), let stored = lock.withLock({ reports[uri] }),
            let line = ((params["position"] as? [String: Any])?["line"] as? Int).map({ $0 + 1 })
        else { return nil }
        let plan = LessonPlanner.plan(Lesson(path: stored.report.path, bytes: Array(stored.text.utf8)))
        guard let opening = Self.program(at: line, in: plan),
            let check = stored.report.checks.first(where: {
                $0.location.line == opening && Self.runnableKinds.contains($0.kind)
            }),
            let printed = check.actualOutput
        else { return nil }
        let fence = printed.contains("```") ? "````" : "```"
        let text = "**\(check.name)** printed:\n\n\(fence)\n\(printed)\(printed.hasSuffix("\n") ? "" : "\n")\(fence)"
        return ["contents": ["kind": "markdown", "value": text]]
    }

    /// The line a check of the program at `line` is reported at: a scenario's opening fence (from its block to
    /// its expected block's end), a listing's, or a book test's first `- test:` line.
    static func program(at line: Int, in plan: LessonPlan) -> Int? {
        for scenario in plan.scenarios
        where scenario.block.openingLine <= line && line <= (scenario.expected?.lastLine ?? scenario.block.lastLine) {
            return scenario.block.openingLine
        }
        if let listing = plan.listings.first(where: { $0.block.openingLine <= line && line <= $0.block.lastLine }) {
            return listing.block.openingLine
        }
        return plan.bookTests.first { test in
            test.blocks.contains { $0.headerLine <= line && line <= $0.lastLine }
        }?.line
    }
}
