/// Gives every block of a lesson its role, following the course format with no markup:
/// - a `swift` block whose first line is `// main.swift — …` is a scenario;
/// - a `swift` block whose first line is `// Name.swift — …` is an engine file, unless it imports an
///   Apple-only framework (then it is a platform snippet);
/// - any other `swift` block is a platform snippet;
/// - the first fence with an empty info string after a scenario, before the next `swift` block, is the
///   scenario's expected output, unless the scenario states it in comments (`OutputComments`): then that
///   fence is an error, the output stated twice.
package enum LessonPlanner {

    package static func plan(_ lesson: Lesson) -> LessonPlan {
        var markerFindings: [Finding] = []
        let marker = Self.printsMarker(of: lesson, findings: &markerFindings)
        var builder = PlanBuilder(lesson: lesson, printsMarker: marker)
        for block in lesson.blocks { builder.add(block) }
        builder.warnAboutTextBlocksMeantAsOutput()
        var findings = builder.findings + markerFindings
        let languageMode = Self.languageMode(of: lesson, findings: &findings)
        let namedEngine = Self.namedEngine(of: lesson, findings: &findings)
        findings.sort { $0.location < $1.location }
        var plan = LessonPlan(
            lesson: lesson, roles: builder.roles, engineFiles: builder.engineFiles, scenarios: builder.scenarios,
            snippets: builder.snippets, blockFindings: builder.blockFindings, warnings: builder.warnings,
            exerciseStarters: builder.starters,
            namedEngine: namedEngine, languageMode: languageMode, readingFindings: findings)
        if plan.engineFiles.isEmpty, plan.namedEngine == nil { addListings(to: &plan, marker: marker) }
        let (bookTests, drift) = BookTestPlanner.tests(of: lesson)
        plan.bookTests = bookTests
        plan.warnings.merge(drift) { $0 + $1 }
        return plan
    }

    /// A book's snippets that state their output in comments are runnable listings (see `ListingContext`).
    private static func addListings(to plan: inout LessonPlan, marker: String) {
        let snippets = plan.snippets.filter { plan.blockFindings[$0.openingLine] == nil }
        for snippet in snippets { plan.swiftBlocks[snippet.openingLine] = SwiftBlock.of(snippet.text) }
        let (listings, findings) = ListingContext.listings(
            of: snippets, read: plan.swiftBlocks, in: plan.lesson, marker: marker)
        plan.blockFindings.merge(findings) { $0 + $1 }
        plan.listings = listings
        let lines = Set(plan.listings.map(\.block.openingLine))
        for (index, block) in plan.lesson.blocks.enumerated() where lines.contains(block.openingLine) {
            plan.roles[index] = .listing
        }
    }

    /// The language mode the front matter asks for (`swift-version: 6`); 5 by default.
    private static func languageMode(of lesson: Lesson, findings: inout [Finding]) -> LanguageMode {
        guard let entry = lesson.frontMatter.entry("swift-version") else { return .swift5 }
        if case .text(let value) = entry.value, let mode = LanguageMode(rawValue: value) { return mode }
        findings.append(
            Finding(
                .malformedFrontMatter, at: lesson.location(entry.line),
                "malformed front matter: swift-version must be 5 or 6"))
        return .swift5
    }

    /// The word of the lesson's output comments (`prints-marker: Çıktı`); `Prints` by default.
    private static func printsMarker(of lesson: Lesson, findings: inout [Finding]) -> String {
        guard let entry = lesson.frontMatter.entry("prints-marker") else { return OutputComments.defaultMarker }
        if case .text(let value) = entry.value {
            let marker = value.trimmingSpaces()
            if !marker.isEmpty, !marker.contains("\""), !marker.contains(where: \.isNewline) { return marker }
        }
        findings.append(
            Finding(
                .malformedFrontMatter, at: lesson.location(entry.line),
                "malformed front matter: prints-marker must be the word that replaces 'Prints' in output comments, "
                    + "e.g. 'prints-marker: Çıktı'"))
        return OutputComments.defaultMarker
    }

    /// The engine the front matter names (`engine: Sync`), with its line.
    private static func namedEngine(of lesson: Lesson, findings: inout [Finding]) -> (name: String, line: Int)? {
        guard let entry = lesson.frontMatter.entry("engine") else { return nil }
        if case .text(let name) = entry.value, !name.isEmpty { return (name, entry.line) }
        findings.append(
            Finding(
                .malformedFrontMatter, at: lesson.location(entry.line),
                "malformed front matter: engine must name one engine, e.g. 'engine: Sync'"))
        return nil
    }

    /// An expected-output fence: an empty info string, or `output` with its attributes.
    package static func isOutputFence(_ block: FencedBlock) -> Bool {
        block.info.raw.isEmpty || block.info.isOutput
    }
}

/// The roles of a lesson's blocks, given one block at a time in file order.
private struct PlanBuilder {
    package let lesson: Lesson
    /// The word of output comments: `// Prints "…"`, `// prints:`.
    package let printsMarker: String
    package var roles: [BlockRole] = []
    package var engineFiles: [EngineFile] = []
    package var scenarios: [Scenario] = []
    package var snippets: [FencedBlock] = []
    package var blockFindings: [Int: [Finding]] = [:]
    /// Warnings, by the opening line of the block whose check reports them.
    package var warnings: [Int: [Finding]] = [:]
    package var starters: [EngineFile] = []
    package var findings: [Finding]
    /// The index in `scenarios` of the scenario still looking for its output.
    package var awaitingOutput: Int?
    /// The first engine file of each name, to find a reprint in constant time.
    package var firstEngineFile: [String: FencedBlock] = [:]
    /// The first block in a text language after each scenario still looking for its output, by scenario index.
    package var textBlockAfterScenario: [Int: FencedBlock] = [:]
    /// The snippet just read, when it prints: a bare fence after it is probably its output.
    package var printingSnippet: FencedBlock?

    package init(lesson: Lesson, printsMarker: String) {
        self.lesson = lesson
        self.printsMarker = printsMarker
        findings = lesson.readingFindings
        if !lesson.readingWarnings.isEmpty {
            warnings[lesson.frontMatter.lines?.lowerBound ?? 1, default: []] += lesson.readingWarnings
        }
    }

    package mutating func add(_ block: FencedBlock) {
        if block.info.isSwift {
            awaitingOutput = nil
            printingSnippet = nil
            // `nocompile` (as Literate Swift marks a block it does not build) makes any block a snippet.
            let noCompile = SnippetOptions(block).noCompile
            let header = noCompile ? nil : block.firstLine.flatMap(FileHeader.init)
            guard let header, !PlatformImports.importsPlatformFramework(block) else {
                if header == nil, !noCompile, let message = block.firstLine.flatMap(NearMiss.header) {
                    warn(message, at: block.openingLine, reportedBy: block.openingLine)
                }
                return addSnippet(block)
            }
            // Read once, here: every later stage asks this reading what the block holds.
            let read = SwiftBlock.of(block.text)
            if header.isMain {
                addScenario(block, header, read)
            } else if case let (options, messages) = BlockAttributes.read(
                block.info, table: BlockAttributes.engineFileTable, into: EngineFileOptions()),
                let exercise = options.exercise
            {
                addStarter(block, header, read, exercise: exercise, problems: messages)
            } else {
                addEngineFile(block, header, read)
            }
        } else if LessonPlanner.isOutputFence(block), let index = awaitingOutput {
            scenarios[index].expected = block
            let (options, problems) = BlockAttributes.output(block, in: lesson)
            scenarios[index].outputOptions = options
            scenarios[index].attributeFindings += keepErrors(problems, reportedBy: scenarios[index].block.openingLine)
            if let comments = scenarios[index].outputComments {
                scenarios[index].attributeFindings.append(
                    Finding(
                        .duplicateExpectedOutput, at: lesson.location(scenarios[index].block.openingLine),
                        "the scenario states its expected output twice: in output comments "
                            + "(\(LineList.describe(comments.commentLines))) and in the expected block at line "
                            + "\(block.openingLine); remove one of the two"))
            }
            awaitingOutput = nil
            roles.append(.expectedOutput(scenarioLine: scenarios[index].block.openingLine))
        } else {
            if let index = awaitingOutput, textBlockAfterScenario[index] == nil,
                NearMiss.textLanguages.contains(block.info.language.lowercased())
            {
                textBlockAfterScenario[index] = block
            } else if LessonPlanner.isOutputFence(block), let snippet = printingSnippet,
                !NearMiss.isTerminalSession(block), !NearMiss.headingBetween(snippet, block, in: lesson.source.lines)
            {
                warn(NearMiss.bareFenceAfterSnippet, at: block.openingLine, reportedBy: snippet.openingLine)
                printingSnippet = nil
            }
            roles.append(.other)
        }
    }

    /// A warning at `line`, reported by the check of the block that opens at `owner`.
    private mutating func warn(_ message: String, at line: Int, reportedBy owner: Int) {
        warnings[owner, default: []].append(Finding(.nearMiss, at: lesson.location(line), message))
    }

    /// The errors of `findings`; its warnings go to the check of the block at `owner`.
    private mutating func keepErrors(_ findings: [Finding], reportedBy owner: Int) -> [Finding] {
        let others = findings.filter { !$0.isError }
        if !others.isEmpty { warnings[owner, default: []] += others }
        return findings.filter(\.isError)
    }

    /// A scenario left with no expected output, followed by a block in a text language: that block was
    /// probably meant as its output.
    package mutating func warnAboutTextBlocksMeantAsOutput() {
        for (index, block) in textBlockAfterScenario.sorted(by: { $0.key < $1.key })
        where scenarios[index].expected == nil && scenarios[index].outputComments == nil {
            warn(
                NearMiss.textBlockAfterScenario(block), at: block.openingLine,
                reportedBy: scenarios[index].block.openingLine)
        }
    }

    private mutating func addScenario(_ block: FencedBlock, _ header: FileHeader, _ read: SwiftBlock) {
        let (options, problems) = BlockAttributes.scenario(block, in: lesson)
        // A `compile_fail` scenario prints nothing: its expected block holds diagnostics, not output.
        let comments = options.compileFail ? nil : OutputComments.read(block.content, marker: printsMarker)
        scenarios.append(
            Scenario(
                block: block, header: header, expected: nil, options: options, outputOptions: OutputOptions(),
                attributeFindings: keepErrors(problems, reportedBy: block.openingLine), outputComments: comments,
                swift: read))
        awaitingOutput = scenarios.count - 1
        roles.append(.scenario(description: header.description))
    }

    /// The starter of an engine exercise: built, never compiled into the scenarios, never drift.
    private mutating func addStarter(
        _ block: FencedBlock, _ header: FileHeader, _ read: SwiftBlock, exercise: String, problems: [String]
    ) {
        starters.append(EngineFile(fileName: header.fileName, block: block, exercise: exercise, swift: read))
        if !problems.isEmpty {
            blockFindings[block.openingLine] = problems.map {
                Finding(.malformedInfoString, at: lesson.location(block.openingLine), $0)
            }
        }
        roles.append(.engineFile(fileName: header.fileName))
    }

    private mutating func addEngineFile(_ block: FencedBlock, _ header: FileHeader, _ read: SwiftBlock) {
        if let earlier = firstEngineFile[header.fileName] {
            findings.append(
                Finding(
                    .duplicateEngineFile, at: lesson.location(block.openingLine),
                    "engine file '\(header.fileName)' is printed twice in this lesson "
                        + "(first at line \(earlier.openingLine))"))
        }
        engineFiles.append(EngineFile(fileName: header.fileName, block: block, swift: read))
        if firstEngineFile[header.fileName] == nil { firstEngineFile[header.fileName] = block }
        if let message = NearMiss.engineFileName(header.fileName) {
            warn(message, at: block.openingLine, reportedBy: block.openingLine)
        }
        let problems = BlockAttributes.problems(
            of: block, known: BlockAttributes.engineFileAttributes, role: "an engine file", in: lesson)
        let errors = keepErrors(problems, reportedBy: block.openingLine)
        if !errors.isEmpty { blockFindings[block.openingLine] = errors }
        roles.append(.engineFile(fileName: header.fileName))
    }

    private mutating func addSnippet(_ block: FencedBlock) {
        snippets.append(block)
        roles.append(.snippet)
        let options = SnippetOptions(block)
        if !options.ignored, !options.noCompile, NearMiss.printsOutput(block) {
            printingSnippet = block
        }
        let problems = BlockAttributes.problems(
            of: block, known: BlockAttributes.snippetAttributes, role: "a snippet", in: lesson)
        let errors = keepErrors(problems, reportedBy: block.openingLine)
        if !errors.isEmpty { blockFindings[block.openingLine] = errors }
    }
}
