/// What a block of a lesson is, by the rules of the course format.
public enum BlockRole: Hashable, Sendable {
    /// `// Name.swift — …`: compiled into every scenario of the lesson.
    case engineFile(fileName: String)
    /// `// main.swift — …`: a program whose output is checked.
    case scenario(description: String)
    /// The bare fence after a scenario: what the scenario must print.
    case expectedOutput(scenarioLine: Int)
    /// Any other Swift block: SwiftUI/UIKit code that must at least parse.
    case snippet
    /// A bare fence that follows no scenario, or a block in another language: not checked.
    case other
}

/// A scenario and the expected output paired with it.
public struct Scenario: Hashable, Sendable {
    public var block: FencedBlock
    public var header: FileHeader
    public var expected: FencedBlock?
    public var options: ScenarioOptions
    public var outputOptions: OutputOptions
    /// Attributes of the scenario or its expected block that are unknown or misused: the scenario is not
    /// run, and fails with these findings.
    public var attributeFindings: [Finding]

    public var description: String { header.description }
}

/// An engine file reprinted by the lesson.
public struct EngineFile: Hashable, Sendable {
    public var fileName: String
    public var block: FencedBlock
}

/// A lesson with every block given its role: what the checker will build, run, compare and parse.
public struct LessonPlan: Sendable {
    public var lesson: Lesson
    /// One role per block of `lesson.blocks`, in order.
    public var roles: [BlockRole]
    public var engineFiles: [EngineFile]
    public var scenarios: [Scenario]
    public var snippets: [FencedBlock]
    /// Attribute errors of snippets and engine files, by the block's opening line.
    public var blockFindings: [Int: [Finding]]
    /// Warnings (unknown attributes, near-misses), by the opening line of the block whose check reports
    /// them: a scenario, a snippet, or a block with no check of its own (an engine file).
    public var warnings: [Int: [Finding]]
    /// Engine files marked `exercise=ID`: the starter code a student implements. They are built with the
    /// engine in place of the file of the same name, but never compiled into the scenarios.
    public var exerciseStarters: [EngineFile]
    /// The engine named in the front matter (`engine: Sync`) and the line that names it.
    public var namedEngine: (name: String, line: Int)?
    /// `-swift-version` for this lesson's programs: 5 unless the front matter says `swift-version: 6`.
    public var languageMode: LanguageMode
    /// Reading findings: the lesson's own plus those found while planning (e.g. a duplicate engine file).
    public var readingFindings: [Finding]

    public var path: String { lesson.path }

}
