import LessonKit

/// `lesson list`: how the checker reads each lesson.
enum ListCommand {
    static let help = HelpPage(
        overview: """
            Prints the front matter's keys, then every fenced block of the lessons (in block quotes and list
            items too) with its line
            range and role (engine file, scenario with the lines of its expected output, expected output, snippet,
            listing of a book with the earlier listings it is built after, other), then the book tests its HTML
            comments hold (their blocks and what each expects), then how many blocks each lesson has by role,
            then any reading finding. Nothing is built or run.
            """,
        usage: "lesson list [--exclude PATTERNS] [PATH ...]",
        sections: [("OPTIONS", [SharedOptions.exclude, SharedOptions.help])],
        notes: """
            EXIT STATUS:
              0 every lesson was read (warnings alone fail nothing); 1 a lesson is malformed; 2 usage error or
              no lesson found.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        let files = try LessonDiscovery.lessonFiles(
            in: try arguments.lessonPaths(), excluding: try arguments.exclusions())
        var malformed = false
        let reporter = TextReporter(useColor: false)
        for path in files {
            let plan = LessonPlanner.plan(Lesson.read(path: path))
            print(path)
            // Every key of the front matter, read or not: the checker uses `engine`, `swift-version` and
            // `prints-marker`.
            if let lines = plan.lesson.frontMatter.lines {
                print("  lines \(lines.lowerBound)-\(lines.upperBound)".padding(15) + "front matter")
                for entry in plan.lesson.frontMatter.entries {
                    print("    " + TerminalSafe.escape(entry.key) + ": " + TerminalSafe.escape(entry.value.summary))
                }
            }
            // Each scenario by its line, found once: describing a block stays constant time.
            let scenarios = Dictionary(
                plan.scenarios.map { ($0.block.openingLine, $0) }, uniquingKeysWith: { first, _ in first })
            let listings = Dictionary(
                plan.listings.map { ($0.block.openingLine, $0) }, uniquingKeysWith: { first, _ in first })
            // The roles start in one column, however wide the line ranges (`lines 113-133`).
            let width = plan.lesson.blocks.map { rangeText($0).count + 1 }.max() ?? 0
            for (block, role) in zip(plan.lesson.blocks, plan.roles) {
                print(
                    "  "
                        + describe(block, role, scenarios: scenarios, listings: listings, rangeWidth: max(13, width)))
            }
            for test in plan.bookTests { print("  " + describe(test, rangeWidth: max(13, width))) }
            for line in buildAloneLines(plan) { print("  " + line) }
            print("  " + count(plan) + bookTestCount(plan))
            // Reading findings, then the warnings a check would give, in file order.
            for finding in plan.readingFindings + plan.allWarnings {
                if finding.isError { malformed = true }
                reporter.render(finding).forEach { print($0) }
            }
        }
        return malformed ? 1 : 0
    }

    /// `5 code blocks: 2 scenarios, 2 expected outputs, 1 snippet`: every fenced block CommonMark sees.
    static func count(_ plan: LessonPlan) -> String {
        var counts: [String: Int] = [:]
        for role in plan.roles {
            switch role {
            case .engineFile: counts["engine file", default: 0] += 1
            case .scenario: counts["scenario", default: 0] += 1
            case .expectedOutput: counts["expected output", default: 0] += 1
            case .snippet: counts["snippet", default: 0] += 1
            case .listing: counts["listing", default: 0] += 1
            case .other: counts["other", default: 0] += 1
            }
        }
        let parts = ["engine file", "scenario", "expected output", "snippet", "listing", "other"].compactMap { name in
            counts[name].map { "\($0) \(name == "other" ? name : $0 == 1 ? name : name + "s")" }
        }
        let total = plan.roles.count
        return "\(total) code block\(total == 1 ? "" : "s")"
            + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    static func rangeText(_ block: FencedBlock) -> String { "lines \(block.openingLine)-\(block.lastLine)" }

    static func describe(
        _ block: FencedBlock, _ role: BlockRole, scenarios: [Int: Scenario], listings: [Int: Listing] = [:],
        rangeWidth: Int = 13
    ) -> String {
        let lines = rangeText(block).padding(rangeWidth)
        switch role {
        case .engineFile(let fileName):
            return lines + "engine file".padding(16) + fileName
        case .scenario(let description):
            let pairing = Self.pairing(of: scenarios[block.openingLine])
            return lines + "scenario".padding(16) + (description.isEmpty ? "" : description + " ") + "(\(pairing))"
        case .expectedOutput(let scenarioLine):
            return lines + "expected output".padding(16) + "of the scenario at line \(scenarioLine)"
        case .snippet:
            // A `nocompile` snippet is neither built nor parsed: said, so that its header is not mistaken.
            let kind = SnippetOptions(block).noCompile ? "snippet (nocompile)" : "snippet"
            return lines + kind.padding(16) + (block.firstLine ?? "")
        case .listing:
            return lines + "listing".padding(16) + (listings[block.openingLine].map(Self.run) ?? "")
        case .other:
            return lines + "other".padding(16)
                + (block.info.raw.isEmpty ? "(bare fence, no scenario before it)" : block.info.raw)
        }
    }
}

extension ListCommand {
    /// `scenario at line 33 is built alone: uses 'lazy'`, for each scenario that `MergePolicy` builds alone
    /// (against the lesson's engine files, or the built-in engine it names), and `…, linked with others: …`
    /// for one compiled alone as the reader's `main.swift` and linked into one executable with others.
    static func buildAloneLines(_ plan: LessonPlan) -> [String] {
        var engine = plan.engineFiles.map(\.swift)
        if engine.isEmpty, let name = plan.namedEngine?.name, let named = EngineCatalog.builtIn.engines[name] {
            engine = named.files.map(\.swift)
        }
        return plan.scenarios.compactMap { scenario in
            guard !scenario.options.ignored else { return nil }
            let line = scenario.block.openingLine
            switch MergePolicy.scenario(
                scenario.swift, engine: engine, standalone: scenario.options.standalone,
                compileFail: scenario.options.compileFail, languageMode: plan.languageMode)
            {
            case .alone(let reason): return "scenario at line \(line) is built alone: \(reason)"
            case .module(let reason):
                return "scenario at line \(line) is built alone, linked with others: \(reason)"
            case .wrapped, .movingDeclarations: return nil
            }
        }
    }

    /// Where a scenario's expected output is: `expected output: lines 9-12` (its block), `expected output: 3
    /// comments, lines 5-8` (its output comments, from the first to the last line that holds one).
    static func pairing(of scenario: Scenario?) -> String {
        let block = scenario?.expected.map { "lines \($0.openingLine)-\($0.lastLine)" }
        guard let comments = scenario?.outputComments else {
            return block.map { "expected output: " + $0 } ?? "no expected output"
        }
        return describe(comments) + (block.map { ", and " + $0 } ?? "")
    }

    /// `expected output: 3 comments, lines 13-16`: how many expected lines, and the lines from the first
    /// output comment to the last.
    static func describe(_ comments: OutputComments) -> String {
        let count = comments.lines.count
        let span =
            comments.firstLine == comments.lastLine
            ? "line \(comments.firstLine)" : "lines \(comments.firstLine)-\(comments.lastLine)"
        return "expected output: \(count) comment\(count == 1 ? "" : "s"), \(span)"
    }
}

extension ListCommand {
    /// `line 117     book test     taps (blocks at lines 119-129, 140-145; expects 3 output lines)`.
    static func describe(_ test: BookTest, rangeWidth: Int) -> String {
        let blocks = test.blocks.map { "\($0.openingLine ?? $0.headerLine)-\($0.lastLine)" }
        var expects: [String] = []
        let outputs = test.expectedOutput.count
        if outputs > 0 { expects.append("\(outputs) output line\(outputs == 1 ? "" : "s")") }
        for severity in [ExpectedDiagnostic.Severity.error, .warning] {
            let count = test.expectedDiagnostics.filter { $0.severity == severity }.count
            if count > 0 { expects.append("\(count) \(severity.rawValue)\(count == 1 ? "" : "s")") }
        }
        if test.expectedTrap != nil { expects.append("a runtime error") }
        let what =
            test.notRun.map { "not run: " + $0 }
            ?? (expects.isEmpty ? "expects it builds and runs" : "expects " + expects.joined(separator: ", "))
        return "line \(test.line)".padding(rangeWidth) + "book test".padding(16) + test.name
            + " (block\(blocks.count == 1 ? "" : "s") at lines \(blocks.joined(separator: ", ")); \(what))"
    }

    /// `, 6 book tests` after the block count, when the lesson holds any.
    static func bookTestCount(_ plan: LessonPlan) -> String {
        let count = plan.bookTests.count
        return count == 0 ? "" : ", and \(count) book test\(count == 1 ? "" : "s")"
    }

    /// How a listing is run: `run alone (expected output: 1 comment, line 7)`, `run after lines 3-5 for
    /// score (…)`, `not run: …`.
    static func run(_ listing: Listing) -> String {
        let output = describe(listing.outputComments)
        if let reason = listing.notRun { return "not run: \(reason) (\(output))" }
        let rule = listing.ruleDescription
        return "run \(listing.contextDescription)" + (rule.isEmpty ? "" : " " + rule) + " (\(output))"
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
