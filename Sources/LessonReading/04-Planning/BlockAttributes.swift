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

/// What the attributes of a snippet ask for (```` ```swift nocompile ````), and of a book's listing.
package struct SnippetOptions: Hashable, Sendable {
    /// Not parsed; counted as skipped, with the reason when written `ignore="why"`.
    package var ignored = false
    package var ignoreReason: String?
    /// Not parsed either, as Literate Swift marks a block it does not build; any Swift block so marked is a
    /// snippet.
    package var noCompile = false
    /// Must not type-check.
    package var compileFail = false
    /// Parsed as written: no `…` or `// ...` is read as elided code.
    package var verbatim = false
    /// The name a later listing continues it by (`listing=NAME`).
    package var listing: String?
    /// The listing it continues (`continues=NAME`; empty when the attribute has no name).
    package var continues: String?

    package init() {}

    /// The options `block`'s attributes ask for (what they get wrong is said in planning).
    package init(_ block: FencedBlock) {
        self = BlockAttributes.read(block.info, table: BlockAttributes.snippetTable, into: SnippetOptions()).options
    }
}

/// What the attributes of a block with an engine file's header ask for.
package struct EngineFileOptions: Hashable, Sendable {
    /// Marked `exercise=ID`: the starter code of a student exercise, with its ID (empty when it has none).
    package var exercise: String?

    package init() {}
}

/// Options of a block that may be skipped (`ignore`, `ignore="why"`).
package protocol IgnorableOptions {
    var ignored: Bool { get set }
    var ignoreReason: String? { get set }
}

extension ScenarioOptions: IgnorableOptions {}
extension SnippetOptions: IgnorableOptions {}

extension KnownAttribute where Options: IgnorableOptions {
    /// `ignore`, with its reason when it has one: the block is skipped.
    static var ignore: KnownAttribute {
        KnownAttribute("ignore") { options, reason in
            options.ignored = true
            options.ignoreReason = reason
            return nil
        }
    }
}

/// One attribute a kind of block takes: its name, and what it sets on that kind's options, or the message
/// of a value it does not take. A kind's table (`BlockAttributes.scenarioTable`, …) is the one place its
/// attributes are named, read and listed for suggestions.
package struct KnownAttribute<Options>: Sendable {
    package let name: String
    let apply: @Sendable (inout Options, _ value: String?) -> String?

    init(_ name: String, _ apply: @escaping @Sendable (inout Options, _ value: String?) -> String?) {
        self.name = name
        self.apply = apply
    }

    /// An attribute that is there or not, whatever its value.
    static func flag(_ name: String, _ set: @escaping @Sendable (inout Options) -> Void) -> KnownAttribute {
        KnownAttribute(name) { options, _ in
            set(&options)
            return nil
        }
    }

    /// An attribute whose value `parse` reads; nil from `parse` is the message `needs`.
    static func value<Value>(
        _ name: String, needs: String, _ parse: @escaping @Sendable (String) -> Value?,
        _ set: @escaping @Sendable (inout Options, Value) -> Void
    ) -> KnownAttribute {
        KnownAttribute(name) { options, text in
            guard let value = text.flatMap(parse) else { return "attribute '\(name)' needs \(needs)" }
            set(&options, value)
            return nil
        }
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
    /// A scenario's attributes.
    package static let scenarioTable: [KnownAttribute<ScenarioOptions>] = [
        .ignore,
        .flag("no_run") { $0.noRun = true },
        .flag("compile_fail") { $0.compileFail = true },
        .flag("should_trap") { $0.shouldTrap = true },
        .flag("standalone") { $0.standalone = true },
        .value("exercise", needs: "an ID: exercise=ID", nonEmpty) { $0.exercise = $1 },
        .value("points", needs: "a whole number: points=N", { Int($0).flatMap { $0 >= 0 ? $0 : nil } }) {
            $0.points = $1
        },
        .value("task", needs: "a task number from 1: task=N", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }) {
            $0.task = $1
        },
        .value("visibility", needs: "visible, name-only or hidden", TestVisibility.init(rawValue:)) {
            $0.visibility = $1
        },
        .value("reveal", needs: "a day: reveal=YYYY-MM-DD", { isDay($0) ? $0 : nil }) { $0.reveal = $1 },
    ]

    /// An engine file's attribute: `exercise=ID` makes it an exercise's starter.
    package static let engineFileTable: [KnownAttribute<EngineFileOptions>] = [
        KnownAttribute("exercise") { options, id in
            options.exercise = id ?? ""
            return (id ?? "").isEmpty ? "attribute 'exercise' needs an ID: exercise=ID" : nil
        }
    ]

    /// A snippet's attributes.
    package static let snippetTable: [KnownAttribute<SnippetOptions>] = [
        .ignore,
        .flag("nocompile") { $0.noCompile = true },
        .flag("compile_fail") { $0.compileFail = true },
        .flag("verbatim") { $0.verbatim = true },
        KnownAttribute("listing") { options, name in
            options.listing = name
            return nil
        },
        KnownAttribute("continues") { options, name in
            options.continues = name ?? ""
            return nil
        },
    ]

    /// An expected output block's attributes.
    package static let outputTable: [KnownAttribute<OutputOptions>] = [
        .flag("unordered") { $0.unordered = true },
        .flag("ellipsis") { $0.ellipsis = true },
        .flag("partial") { $0.partial = true },
    ]

    package static let scenarioAttributes = scenarioTable.map(\.name)
    package static let engineFileAttributes = engineFileTable.map(\.name)
    package static let snippetAttributes = snippetTable.map(\.name)
    package static let outputAttributes = outputTable.map(\.name)

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// `options` with what `info`'s attributes of `table` set, and the messages of values they do not take.
    package static func read<Options>(_ info: InfoString, table: [KnownAttribute<Options>], into options: Options)
        -> (options: Options, messages: [String])
    {
        var options = options
        var messages: [String] = []
        for attribute in info.attributes {
            guard let known = table.first(where: { $0.name == attribute.name }) else { continue }
            if let message = known.apply(&options, attribute.value) { messages.append(message) }
        }
        return (options, messages)
    }
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
        let (options, messages) = read(block.info, table: scenarioTable, into: ScenarioOptions())
        var findings = problems(of: block, known: scenarioAttributes, role: "a scenario", in: lesson)
        findings += messages.map { finding(block, in: lesson, $0) }
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
        let (options, _) = read(block.info, table: outputTable, into: OutputOptions())
        var findings = problems(of: block, known: outputAttributes, role: "an expected output block", in: lesson)
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
