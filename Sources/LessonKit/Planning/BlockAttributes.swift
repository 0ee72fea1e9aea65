/// What the attributes of a scenario's info string ask for (```` ```swift no_run ````).
public struct ScenarioOptions: Hashable, Sendable, Codable {
    /// Not built or run; counted as skipped, with the reason when written `ignore="why"`.
    public var ignored = false
    public var ignoreReason: String?
    /// Built, not run.
    public var noRun = false
    /// Must fail to build; the expected block, if any, holds text the diagnostics must contain.
    public var compileFail = false
    /// Must trap; the output printed before the trap is compared with the expected block.
    public var shouldTrap = false
    /// Never merged with other scenarios.
    public var standalone = false
    /// Marks the starter code of a student exercise.
    public var exercise: String?
    /// What the scenario is worth when graded (1 unless `points=N`).
    public var points = 1

    public init() {}

    /// Whether `lesson check` runs the scenario: not for `no_run`, `compile_fail` and exercise starters.
    public var runs: Bool { !noRun && !compileFail && exercise == nil }
}

/// What the attributes of an expected block ask for: ```` ```output unordered ```` or `output ellipsis`.
public struct OutputOptions: Hashable, Sendable, Codable {
    /// Lines compared as a multiset.
    public var unordered = false
    /// A line that is exactly `...` matches any number of lines.
    public var ellipsis = false

    public static let wildcard = "..."

    public init(unordered: Bool = false, ellipsis: Bool = false) {
        self.unordered = unordered
        self.ellipsis = ellipsis
    }
}

/// Reads block attributes; an unknown or misused attribute is a finding at its block, never ignored.
enum BlockAttributes {
    static let scenarioAttributes = [
        "ignore", "no_run", "compile_fail", "should_trap", "standalone", "exercise", "points",
    ]
    static let engineFileAttributes = ["exercise"]
    static let snippetAttributes = ["ignore", "compile_fail"]
    static let outputAttributes = ["unordered", "ellipsis"]

    static func scenario(_ block: FencedBlock, in lesson: Lesson) -> (ScenarioOptions, [Finding]) {
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

    static func output(_ block: FencedBlock, in lesson: Lesson) -> (OutputOptions, [Finding]) {
        var options = OutputOptions()
        let findings = problems(of: block, known: outputAttributes, role: "an expected output block", in: lesson)
        options.unordered = block.info.has("unordered")
        options.ellipsis = block.info.has("ellipsis")
        return (options, findings)
    }

    /// Findings for attributes `known` does not list, and for an info string that could not be read.
    static func problems(of block: FencedBlock, known: [String], role: String, in lesson: Lesson) -> [Finding] {
        var findings = block.info.problems.map {
            Finding(.malformedInfoString, at: lesson.location(block.openingLine), "malformed info string: \($0)")
        }
        for attribute in block.info.attributes where !known.contains(attribute.name) {
            let allowed = known.isEmpty ? "none" : known.joined(separator: ", ")
            findings.append(
                finding(block, in: lesson, "unknown attribute '\(attribute.name)' on \(role) (known: \(allowed))"))
        }
        return findings
    }

    private static func finding(_ block: FencedBlock, in lesson: Lesson, _ message: String) -> Finding {
        Finding(.malformedInfoString, at: lesson.location(block.openingLine), message)
    }
}
