/// What the attributes of a scenario's info string ask for (```` ```swift no_run ````).
package struct ScenarioOptions: Hashable, Sendable, Codable {
    /// Not built or run; counted as skipped, with the reason when written `ignore="why"`.
    package var ignored = false
    package var ignoreReason: String?
    /// Built, not run.
    package var noRun = false
    /// Must fail to build; the expected block, if any, holds text the diagnostics must contain.
    package var compileFail = false
    /// Must trap; the output printed before the trap is compared with the expected block.
    package var shouldTrap = false
    /// Never merged with other scenarios.
    package var standalone = false
    /// Marks the starter code of a student exercise.
    package var exercise: String?
    /// What the scenario is worth when graded (1 unless `points=N`).
    package var points = 1
    /// The task of the exercise's instructions the test belongs to (`task=N`), which Exercism groups by.
    package var task: Int?
    /// What a student's results show of it when graded (`visibility=visible|name-only|hidden`).
    package var visibility = TestVisibility.visible
    /// The day (`reveal=YYYY-MM-DD`, UTC) before which a student's results show it as hidden.
    package var reveal: String?

    package init() {}

    /// Its visibility on `today` (`YYYY-MM-DD`): hidden before its reveal day.
    package func visibility(on today: String) -> TestVisibility {
        if let reveal, today < reveal { return .hidden }
        return visibility
    }

    /// Whether `lesson check` runs the scenario: not for `no_run`, `compile_fail` and exercise starters.
    package var runs: Bool { !noRun && !compileFail && exercise == nil }
}

/// What the attributes of an expected block ask for: ```` ```output unordered ```` or `output ellipsis`.
package struct OutputOptions: Hashable, Sendable, Codable {
    /// Lines compared as a multiset.
    package var unordered = false
    /// A line that is exactly `...` matches any number of lines; with `unordered`, it lets the output hold
    /// lines no expected line matches, anywhere.
    package var ellipsis = false
    /// The expected lines are some of the output's, in order: a book's listing states the output of some
    /// of its statements and leaves the others unsaid.
    package var someLinesInOrder = false
    /// Graded, a test earns its points in proportion to the expected lines its output matches in order
    /// (`PartialCredit`); checked, it passes or fails as any other.
    package var partial = false

    package static let wildcard = "..."

    package init(unordered: Bool = false, ellipsis: Bool = false, someLinesInOrder: Bool = false) {
        self.unordered = unordered
        self.ellipsis = ellipsis
        self.someLinesInOrder = someLinesInOrder
    }
}

/// What a student's results show of a graded test.
package enum TestVisibility: String, Hashable, Sendable, Codable, CaseIterable {
    /// Its name, verdict, expected output, what the program printed and why it failed.
    case visible
    /// Its name and verdict only.
    case nameOnly = "name-only"
    /// As a hidden test: whether it passed, in one fixed message.
    case hidden
}

/// Reads block attributes. A misused attribute is an error at its block; an unknown one is a warning, with
/// the attribute it was probably meant to be; the display options of other tools are accepted and ignored.
package enum BlockAttributes {
    package static let scenarioAttributes = [
        "ignore", "no_run", "compile_fail", "should_trap", "standalone", "exercise", "points", "task", "visibility",
        "reveal",
    ]
    package static let engineFileAttributes = ["exercise"]
    package static let snippetAttributes = ["ignore", "nocompile", "compile_fail", "verbatim", "listing", "continues"]
    package static let outputAttributes = ["unordered", "ellipsis", "partial"]
    /// How code is shown by DocC (`nocopy`, `highlight=[1, 3]`, `strikeout=[2]`, `wrap=80`), Docusaurus
    /// (`title="…"`, `showLineNumbers`) and MkDocs (`linenums`, `hl_lines`): nothing to check, on any block.
    /// SwiftFormat's `no-format` and its options (`--indent 2`) are accepted the same way.
    package static let displayOptions: Set<String> = [
        "nocopy", "highlight", "strikeout", "wrap", "title", "showLineNumbers", "linenums", "hl_lines", "no-format",
    ]

    /// Whether the attribute is another tool's, with nothing for this one to check.
    package static func isOtherToolsOption(_ name: String) -> Bool {
        displayOptions.contains(name) || (name.hasPrefix("--") && name.count > 2)
    }
    /// Other tools' names for our attributes (rustdoc's `should_panic`).
    package static let synonyms = ["should_panic": "should_trap", "norun": "no_run", "compile-fail": "compile_fail"]

    /// A name as a message shows it: at most 80 characters.
    package static func shortened(_ name: String) -> String {
        name.count > 80 ? name.prefix(80) + "…" : name
    }

    /// How many unknown attributes of one block are each said; more are counted in one warning.
    package static let maximumUnknownSaid = 5

    package static func scenario(_ block: FencedBlock, in lesson: Lesson) -> (ScenarioOptions, [Finding]) {
        var options = ScenarioOptions()
        var findings = problems(of: block, known: scenarioAttributes, role: "a scenario", in: lesson)
        for attribute in block.info.attributes {
            switch attribute.name {
            case "ignore":
                options.ignored = true
                options.ignoreReason = attribute.value
            case "no_run": options.noRun = true
            case "compile_fail": options.compileFail = true
            case "should_trap": options.shouldTrap = true
            case "standalone": options.standalone = true
            case "exercise":
                if let value = attribute.value, !value.isEmpty {
                    options.exercise = value
                } else {
                    findings.append(finding(block, in: lesson, "attribute 'exercise' needs an ID: exercise=ID"))
                }
            case "points":
                if let value = attribute.value.flatMap(Int.init), value >= 0 {
                    options.points = value
                } else {
                    findings.append(finding(block, in: lesson, "attribute 'points' needs a whole number: points=N"))
                }
            case "task":
                if let value = attribute.value.flatMap(Int.init), value >= 1 {
                    options.task = value
                } else {
                    findings.append(finding(block, in: lesson, "attribute 'task' needs a task number from 1: task=N"))
                }
            case "visibility":
                if let value = attribute.value.flatMap(TestVisibility.init(rawValue:)) {
                    options.visibility = value
                } else {
                    findings.append(
                        finding(block, in: lesson, "attribute 'visibility' needs visible, name-only or hidden"))
                }
            case "reveal":
                if let value = attribute.value, isDay(value) {
                    options.reveal = value
                } else {
                    findings.append(finding(block, in: lesson, "attribute 'reveal' needs a day: reveal=YYYY-MM-DD"))
                }
            default: break
            }
        }
        let exclusive = [
            ("no_run", options.noRun), ("compile_fail", options.compileFail), ("should_trap", options.shouldTrap),
        ]
        .filter(\.1).map(\.0)
        if exclusive.count > 1 {
            findings.append(
                finding(
                    block, in: lesson,
                    "attributes \(exclusive.map { "'\($0)'" }.joined(separator: " and ")) cannot be used together"))
        }
        return (options, findings)
    }

    /// Whether `text` is a day of the calendar written `YYYY-MM-DD`.
    package static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    package static func output(_ block: FencedBlock, in lesson: Lesson) -> (OutputOptions, [Finding]) {
        var options = OutputOptions()
        var findings = problems(of: block, known: outputAttributes, role: "an expected output block", in: lesson)
        options.unordered = block.info.has("unordered")
        options.ellipsis = block.info.has("ellipsis")
        options.partial = block.info.has("partial")
        if options.partial, options.ellipsis {
            // `...` stands for any number of lines: no count of lines matched says how much of it was right.
            findings.append(finding(block, in: lesson, "attributes 'partial' and 'ellipsis' cannot be used together"))
        }
        return (options, findings)
    }

    /// Errors for an info string that could not be read, and warnings for attributes that are neither
    /// `known` nor a display option.
    package static func problems(of block: FencedBlock, known: [String], role: String, in lesson: Lesson) -> [Finding] {
        var findings = block.info.problems.map {
            Finding(.malformedInfoString, at: lesson.location(block.openingLine), "malformed info string: \($0)")
        }
        let unknown = block.info.attributes.filter { !known.contains($0.name) && !isOtherToolsOption($0.name) }
        let allowed = known.isEmpty ? "none" : known.joined(separator: ", ")
        // Each of the first few is said with what it was probably meant to be; the rest are counted, so that
        // an info string of thousands of words costs one finding more, not thousands.
        for attribute in unknown.prefix(maximumUnknownSaid) {
            findings.append(
                Finding(
                    .unknownAttribute, at: lesson.location(block.openingLine),
                    "unknown attribute '\(shortened(attribute.name))' on \(role), ignored (known: \(allowed))"
                        + suggestion(for: attribute.name, known: known)))
        }
        if unknown.count > maximumUnknownSaid {
            findings.append(
                Finding(
                    .unknownAttribute, at: lesson.location(block.openingLine),
                    "\(unknown.count - maximumUnknownSaid) more unknown attributes on \(role), ignored"))
        }
        return findings
    }

    /// `; did you mean 'no_run'?` for a misspelling, another tool's name or another spelling of an attribute
    /// (`no-run`, `NO_RUN`), with the role it belongs to when it is not one of `known`; nothing when none is
    /// close.
    package static func suggestion(for name: String, known: [String]) -> String {
        // No attribute is longer than a few dozen characters: a longer word is no typo of one.
        guard name.utf8.count <= 64 else { return "" }
        let all = Set(scenarioAttributes + snippetAttributes + outputAttributes + engineFileAttributes)
        let normalized = name.lowercased().replacingOccurrences(of: "-", with: "_")
        guard
            let meant = synonyms[name] ?? synonyms[normalized]
                ?? (all.contains(normalized) ? normalized : Suggestion.closest(to: normalized, among: all))
        else { return "" }
        if known.contains(meant) { return "; did you mean '\(meant)'?" }
        return "; did you mean '\(meant)'? It is an attribute of \(owner(of: meant))"
    }

    /// What kind of block an attribute belongs to, for a suggestion.
    private static func owner(of attribute: String) -> String {
        if scenarioAttributes.contains(attribute) { return "a scenario" }
        if snippetAttributes.contains(attribute) { return "a snippet" }
        return "an expected output block"
    }

    private static func finding(_ block: FencedBlock, in lesson: Lesson, _ message: String) -> Finding {
        Finding(.malformedInfoString, at: lesson.location(block.openingLine), message)
    }
}
