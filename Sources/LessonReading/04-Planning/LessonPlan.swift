/// What a block of a lesson is, by the rules of the course format.
package enum BlockRole: Hashable, Sendable {
    /// `// Name.swift — …`: compiled into every scenario of the lesson.
    case engineFile(fileName: String)
    /// `// main.swift — …`: a program whose output is checked.
    case scenario(description: String)
    /// The bare fence after a scenario: what the scenario must print.
    case expectedOutput(scenarioLine: Int)
    /// Any other Swift block: SwiftUI/UIKit code that must at least parse.
    case snippet
    /// A snippet of a lesson with no engine whose comments state its output: built and run (`Listing`).
    case listing
    /// A bare fence that follows no scenario, or a block in another language: not checked.
    case other
}

/// A scenario and the expected output paired with it: an expected block, or comments of its own.
package struct Scenario: Hashable, Sendable {
    package var block: FencedBlock
    package var header: FileHeader
    package var expected: FencedBlock?
    package var options: ScenarioOptions
    package var outputOptions: OutputOptions
    /// Attributes of the scenario or its expected block that are unknown or misused, or an expected output
    /// stated twice (in comments and in a block): the scenario is not run, and fails with these findings.
    package var attributeFindings: [Finding]
    /// The expected output stated in the scenario's own comments (`// Prints "…"`, `// prints:`); nil when
    /// it states none (and in a `compile_fail` scenario, whose expected block holds diagnostics).
    package var outputComments: OutputComments? = nil
    /// Its code, read once as planning reads it: what every later stage asks of it.
    package var swift: SwiftBlock

    /// Its block with that reading, as a job builds it.
    package var planned: PlannedBlock { PlannedBlock(block, swift: swift) }

    package init(
        block: FencedBlock, header: FileHeader, expected: FencedBlock?, options: ScenarioOptions,
        outputOptions: OutputOptions, attributeFindings: [Finding], outputComments: OutputComments? = nil,
        swift: SwiftBlock? = nil
    ) {
        self.block = block
        self.swift = swift ?? SwiftBlock.of(block.text)
        self.header = header
        self.expected = expected
        self.options = options
        self.outputOptions = outputOptions
        self.attributeFindings = attributeFindings
        self.outputComments = outputComments
    }

    package var description: String { header.description }

    /// What the scenario must print: its output comments' lines, else its expected block's; nil when it
    /// states no expected output.
    package var expectedLines: [String]? { outputComments?.texts ?? expected.map { $0.content.map(\.text) } }
}

/// An engine file reprinted by the lesson.
package struct EngineFile: Hashable, Sendable {
    package var fileName: String
    package var block: FencedBlock
    /// The exercise ID of a starter (`exercise=ID`; empty when the attribute has none); nil for an engine file.
    package var exercise: String?
    /// Its code, read once as planning reads it.
    package var swift: SwiftBlock

    package init(fileName: String, block: FencedBlock, exercise: String? = nil, swift: SwiftBlock? = nil) {
        self.fileName = fileName
        self.block = block
        self.exercise = exercise
        self.swift = swift ?? SwiftBlock.of(block.text)
    }
}

/// A lesson with every block given its role: what the checker will build, run, compare and parse.
package struct LessonPlan: Sendable {
    package var lesson: Lesson
    /// One role per block of `lesson.blocks`, in order.
    package var roles: [BlockRole]
    package var engineFiles: [EngineFile]
    package var scenarios: [Scenario]
    package var snippets: [FencedBlock]
    /// The snippets that are runnable listings (a lesson with no engine only), in file order.
    package var listings: [Listing] = []
    /// The book tests its HTML comments hold (`BookTest`), in the order of their first blocks.
    package var bookTests: [BookTest] = []
    /// Attribute errors of snippets and engine files, by the block's opening line.
    package var blockFindings: [Int: [Finding]]
    /// Warnings (unknown attributes, near-misses), by the opening line of the block whose check reports
    /// them: a scenario, a snippet, or a block with no check of its own (an engine file).
    package var warnings: [Int: [Finding]]
    /// Engine files marked `exercise=ID`: the starter code a student implements. They are built with the
    /// engine in place of the file of the same name, but never compiled into the scenarios.
    package var exerciseStarters: [EngineFile]
    /// The engine named in the front matter (`engine: Sync`) and the line that names it.
    package var namedEngine: (name: String, line: Int)?
    /// `-swift-version` for this lesson's programs: 5 unless the front matter says `swift-version: 6`.
    package var languageMode: LanguageMode
    /// Reading findings: the lesson's own plus those found while planning (e.g. a duplicate engine file).
    package var readingFindings: [Finding]
    /// The snippets planning read as Swift (a book's listings and their contexts), by opening line: what a
    /// listing's program is asked (`swift(_:)`). Scenarios and engine files carry their own (`swift`).
    package var swiftBlocks: [Int: SwiftBlock] = [:]

    /// A snippet read as Swift: as planning read it, else read now (once per process however many ask:
    /// a book test's blocks).
    package func swift(_ block: FencedBlock) -> SwiftBlock {
        swiftBlocks[block.openingLine] ?? SwiftBlock.of(block.text)
    }

    package var path: String { lesson.path }

    /// Every warning of the plan, in file order.
    package var allWarnings: [Finding] { warnings.values.flatMap { $0 }.sorted { $0.location < $1.location } }

}
