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
                // The lens checks its own block again, as `lesson check PATH:LINE` does.
                "command": [
                    "title": Self.lensTitle(check), "command": "lesson.check", "arguments": [uri, check.location.line],
                ],
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
        guard let opening = plan.program(at: line),
            let check = stored.report.checks.first(where: {
                $0.location.line == opening && Self.runnableKinds.contains($0.kind)
            }),
            let printed = check.actualOutput
        else { return nil }
        let fence = printed.contains("```") ? "````" : "```"
        let text = "**\(check.name)** printed:\n\n\(fence)\n\(printed)\(printed.hasSuffix("\n") ? "" : "\n")\(fence)"
        return ["contents": ["kind": "markdown", "value": text]]
    }
}
