/// The plan of each kind of job: the policy's decisions about its blocks, composed with the rules of its
/// group and its kind. Every place that builds a program takes one of these; none decides on its own.
extension MergePolicy {
    /// A scenario's plan, or a grading test's, or that of a scenario coverage measures: `scenario(…)`'s
    /// decision, in the group of its engine and its hoisted imports.
    package static func plan(
        forScenario scenario: SwiftBlock, engine: [SwiftBlock], group: EngineIdentity, standalone: Bool = false,
        compileFail: Bool = false, languageMode: LanguageMode
    ) -> BuildPlan {
        let decision = Self.scenario(
            scenario, engine: engine, standalone: standalone, compileFail: compileFail, languageMode: languageMode)
        let imports: [String]
        switch decision {
        case .wrapped(let wrapping): imports = wrapping.imports
        // Its engine is compiled with its imports, as a merged build's is.
        case .module: imports = scenario.hoisted?.imports ?? []
        case .movingDeclarations, .alone: imports = []
        }
        guard !imports.isEmpty else { return BuildPlan(way: decision, group: MergeGroup(engine: group)) }
        // A grading's tests share one build whatever they import (its visible and hidden groups are kept to two
        // programs): one that imports is built alone.
        guard case .content = group else {
            return BuildPlan(way: .alone(.usesWord("import")), group: MergeGroup(engine: group))
        }
        return BuildPlan(way: decision, group: MergeGroup(engine: group, imports: imports))
    }

    /// A book's program's plan: merged with the book's other programs of its language mode unless a block or
    /// the program needs the top level; then its declarations move where they can, or it is built as a module
    /// of its own (in Swift 5 mode, which module batches are built in), or alone. A book test that expects
    /// errors is merged only with others that do: a build of those fails after type-checking anyway, and the
    /// programs that build are not type-checked twice for it.
    ///
    /// The program is its blocks in order (the listings it is built after, then its own block; or a book
    /// test's blocks, `test`), with why each alone would make it be built alone (`reasonToBuildListingAlone`)
    /// and, asked only when needed, whether each one's declarations can move (`movableBlock`).
    package static func plan(
        forBook blocks: [SwiftBlock], test: BookTest? = nil, languageMode: LanguageMode,
        reasons: () -> [BuildAloneReason?], movable: () -> [MovableBlock?]
    ) -> BuildPlan {
        let expectsErrors = test?.expectsErrors ?? false
        let group = MergeGroup(
            engine: .content("\(expectsErrors ? "book tests that expect errors" : "book listings"), \(languageMode)"))
        let kind: ProgramKind = test == nil ? .listing : .bookTest
        let swift5 = languageMode == .swift5
        let asProgram = reasonToBuildProgramAlone(
            blocks, oneScope: test != nil, expectsTrap: test?.expectedTrap != nil)
        // A conformance or member a program adds to a type it does not declare would be every linked program's.
        let linkable = swift5 && !extendsForeignType(blocks)
        if let reason = asProgram {
            return BuildPlan(way: linkable ? .module(reason) : .alone(reason), group: group, kind: kind)
        }
        guard swift5 else { return BuildPlan(way: .alone(.languageMode(languageMode)), group: group, kind: kind) }
        guard let reason = reasons().lazy.compactMap({ $0 }).first else {
            return BuildPlan(way: .wrapped(Wrapping()), group: group, kind: kind)
        }
        if mayMoveDeclarations(movable()) {
            return BuildPlan(way: .movingDeclarations(reason), group: group, kind: kind)
        }
        return BuildPlan(way: linkable ? .module(reason) : .alone(reason), group: group, kind: kind)
    }
}
