/// What a check hands to the build strategy and to the snippet parser, and the checks that need neither
/// (ignored blocks, misused attributes), for the lessons whose engine resolved.
struct CheckWork {
    /// What a scenario job checks: a scenario of a lesson, or the starter of an engine exercise.
    enum Owner {
        /// A scenario of the lesson, by its place in the plan's scenarios.
        case scenario(LessonID, scenario: Int)
        /// The starter of an engine exercise, by its place in the plan's starters.
        case starter(LessonID, starter: Int)
        /// The engine files of a lesson that builds no scenario: built on their own.
        case engineFiles(LessonID)
        /// A book's runnable listing, by its place in the plan's listings.
        case listing(LessonID, listing: Int)
        /// A book's hidden test, by its place in the plan's book tests.
        case bookTest(LessonID, test: Int)

        var lesson: LessonID {
            switch self {
            case .scenario(let lesson, _), .starter(let lesson, _), .engineFiles(let lesson), .listing(let lesson, _),
                .bookTest(let lesson, _):
                lesson
            }
        }
    }

    struct SnippetJob: Sendable {
        var lesson: LessonID
        var block: FencedBlock
    }

    private(set) var scenarioJobs: [ScenarioJob] = []
    /// One per scenario job, in the same order.
    private(set) var owners: [Owner] = []
    private(set) var snippetJobs: [SnippetJob] = []
    /// Listings not built at all (`Listing.notRun`): each is a note, once its block parses.
    private(set) var unbuiltListings: [(LessonID, Listing)] = []
    /// Book tests not built at all (`BookTest.notRun`): each is a note.
    private(set) var unbuiltBookTests: [(LessonID, BookTest)] = []
    /// Checks decided without building or parsing, by lesson.
    private(set) var presetChecks: [LessonID: [CheckResult]] = [:]

    /// The work of `lessons`, each with its engine resolved.
    init(lessons: [LessonInCheck]) {
        for lesson in lessons { add(lesson.plan, as: lesson.id, engine: lesson.engine!) }
    }

    private mutating func add(_ plan: LessonPlan, as index: LessonID, engine: ResolvedEngine) {
        let markdownPath = Paths.absolute(plan.path)
        // The jobs this lesson adds come after these: whether it added any is a count, not a search of all.
        let jobsBefore = owners.count
        addScenarios(plan, as: index, engine: engine)
        for (number, starter) in plan.exerciseStarters.enumerated()
        where plan.blockFindings[starter.block.openingLine] == nil {
            let files =
                engine.files.filter { $0.name != starter.fileName } + [
                    ProgramFile(name: starter.fileName, contents: ProgramSource.mapped(starter.block, to: markdownPath))
                ]
            scenarioJobs.append(
                .engineOnly(
                    files, markdownPath: markdownPath, languageMode: plan.languageMode, reason: .exerciseStarter))
            owners.append(.starter(index, starter: number))
        }
        if owners.count == jobsBefore, !plan.engineFiles.isEmpty {
            if plan.namedEngine != nil {
                addEngineBuild(plan, as: index, engine: engine)
            } else {
                // A lesson that names no engine and runs nothing prints files the way a book does: often parts
                // of a program, or code that shows an error on purpose. Each must at least parse.
                for file in plan.engineFiles where plan.blockFindings[file.block.openingLine] == nil {
                    snippetJobs.append(SnippetJob(lesson: index, block: file.block))
                }
            }
        }
        addListings(plan, as: index)
        addBookTests(plan, as: index)
        for block in plan.snippets {
            if let check = Self.snippetWithoutParsing(block, in: plan) {
                presetChecks[index, default: []].append(check)
            } else {
                snippetJobs.append(SnippetJob(lesson: index, block: block))
            }
        }
        for file in plan.engineFiles + plan.exerciseStarters {
            if let findings = plan.blockFindings[file.block.openingLine] {
                presetChecks[index, default: []].append(
                    CheckResult(
                        kind: .lesson, location: plan.lesson.location(file.block.openingLine),
                        name: "attributes of \(file.fileName)", status: .failed, findings: findings))
            }
        }
    }

    /// Each scenario's job, or its check when it is not run.
    private mutating func addScenarios(_ plan: LessonPlan, as index: LessonID, engine: ResolvedEngine) {
        let markdownPath = Paths.absolute(plan.path)
        let identity = engine.identity(languageMode: plan.languageMode)
        for (number, scenario) in plan.scenarios.enumerated() {
            if let check = Self.checkWithoutRunning(scenario, in: plan) {
                presetChecks[index, default: []].append(check)
                continue
            }
            let buildPlan = MergePolicy.plan(
                forScenario: scenario.swift, engine: engine.read, group: .content(identity),
                standalone: scenario.options.standalone, compileFail: scenario.options.compileFail,
                languageMode: plan.languageMode)
            scenarioJobs.append(
                ScenarioJob(
                    engine: engine.files, scenario: scenario.planned, plan: buildPlan, markdownPath: markdownPath,
                    languageMode: plan.languageMode, runs: scenario.options.runs))
            owners.append(.scenario(index, scenario: number))
        }
    }

    /// A book's listings: each a program of its own context and itself, merged with the other listings of
    /// its language mode when nothing in them needs the top level. Their blocks are parsed as snippets too.
    private mutating func addListings(_ plan: LessonPlan, as index: LessonID) {
        let markdownPath = Paths.absolute(plan.path)
        // Each block is read once, however many listings are built after it (for both questions).
        var reasons: [Int: BuildAloneReason?] = [:]
        func reason(_ block: FencedBlock) -> BuildAloneReason? {
            if let known = reasons[block.openingLine] { return known }
            let found = MergePolicy.reasonToBuildListingAlone(plan.swift(block))
            reasons[block.openingLine] = .some(found)
            return found
        }
        var movable: [Int: MergePolicy.MovableBlock?] = [:]
        func movableBlock(_ block: FencedBlock) -> MergePolicy.MovableBlock? {
            if let known = movable[block.openingLine] { return known }
            let found = MergePolicy.movableBlock(plan.swift(block))
            movable[block.openingLine] = .some(found)
            return found
        }
        for (number, listing) in plan.listings.enumerated() {
            guard listing.notRun == nil else {
                unbuiltListings.append((index, listing))
                continue
            }
            let job = Self.bookJob(
                listing.block, after: listing.context, plan, markdownPath: markdownPath, reason: reason,
                movableBlock: movableBlock)
            scenarioJobs.append(job)
            owners.append(.listing(index, listing: number))
        }
    }

    /// A book's hidden tests: each a program of its blocks, whose output is all of what they print; merged as
    /// listings are.
    private mutating func addBookTests(_ plan: LessonPlan, as index: LessonID) {
        let markdownPath = Paths.absolute(plan.path)
        for (number, test) in plan.bookTests.enumerated() {
            guard test.notRun == nil else {
                unbuiltBookTests.append((index, test))
                continue
            }
            // A test that expects errors may be merged: a failed merged build gives each program the errors in
            // its own lines, and builds the others again (`MergedExecution.split`). Expected warnings are looked
            // for in the test's own lines (`BookTestEvaluation`).
            let blocks = test.programBlocks
            let job = Self.bookJob(
                blocks[blocks.count - 1], after: Array(blocks.dropLast()), plan, markdownPath: markdownPath,
                reason: { MergePolicy.reasonToBuildListingAlone(plan.swift($0)) },
                movableBlock: { MergePolicy.movableBlock(plan.swift($0)) }, test: test)
            scenarioJobs.append(job)
            owners.append(.bookTest(index, test: number))
        }
    }

    /// The job of a book's program: `block` after `context` (a listing's, or the blocks of `test`), as
    /// `MergePolicy` plans it.
    private static func bookJob(
        _ block: FencedBlock, after context: [FencedBlock], _ plan: LessonPlan, markdownPath: String,
        reason: (FencedBlock) -> BuildAloneReason?, movableBlock: (FencedBlock) -> MergePolicy.MovableBlock?,
        test: BookTest? = nil
    ) -> ScenarioJob {
        let blocks = context + [block]
        let buildPlan = MergePolicy.plan(
            forBook: blocks.map(plan.swift), test: test, languageMode: plan.languageMode,
            reasons: { blocks.map(reason) }, movable: { blocks.map(movableBlock) })
        let planned = { (block: FencedBlock) in PlannedBlock(block, swift: plan.swift(block)) }
        return ScenarioJob(
            engine: [], scenario: planned(block), context: context.map(planned), plan: buildPlan,
            markdownPath: markdownPath, languageMode: plan.languageMode)
    }

    /// A lesson that names its engine but builds no scenario (it has none, or all are ignored) still has its
    /// file-header blocks checked: its engine files are built together, as a program with an empty
    /// `main.swift`.
    private mutating func addEngineBuild(_ plan: LessonPlan, as index: LessonID, engine: ResolvedEngine) {
        scenarioJobs.append(
            .engineOnly(
                engine.files, markdownPath: Paths.absolute(plan.path), languageMode: plan.languageMode,
                reason: .engineFilesWithoutScenario))
        owners.append(.engineFiles(index))
    }

    /// The check of a scenario that is not built: `ignore` (skipped), or attributes that are unknown or
    /// misused (failed).
    static func checkWithoutRunning(_ scenario: Scenario, in plan: LessonPlan) -> CheckResult? {
        let location = plan.lesson.location(scenario.block.openingLine)
        if !scenario.attributeFindings.isEmpty {
            return CheckResult(
                kind: .scenario, location: location, name: scenario.description, status: .failed,
                findings: scenario.attributeFindings)
        }
        guard scenario.options.ignored else { return nil }
        var check = CheckResult(kind: .scenario, location: location, name: scenario.description, status: .skipped)
        check.skipReason = scenario.options.ignoreReason ?? "marked ignore"
        return check
    }

    /// The check of a snippet that is not parsed: `ignore`, `nocompile`, or attributes that are unknown.
    static func snippetWithoutParsing(_ block: FencedBlock, in plan: LessonPlan) -> CheckResult? {
        let location = plan.lesson.location(block.openingLine)
        let name = "snippet at line \(block.openingLine)"
        if let findings = plan.blockFindings[block.openingLine] {
            return CheckResult(kind: .snippet, location: location, name: name, status: .failed, findings: findings)
        }
        let options = SnippetOptions(block)
        let reason =
            options.ignored ? options.ignoreReason ?? "marked ignore" : options.noCompile ? "marked nocompile" : nil
        guard let reason else { return nil }
        var check = CheckResult(kind: .snippet, location: location, name: name, status: .skipped)
        check.skipReason = reason
        return check
    }
}
