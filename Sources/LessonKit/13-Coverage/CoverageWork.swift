import Foundation

/// What a coverage run measures: each engine as lessons use it (a group, written once to a folder of its
/// own), and the scenarios to run against each, as jobs for the executor.
struct CoverageWork {
    /// An engine as lessons use it, with where each of its files' lines are reported.
    struct EngineGroup {
        /// Whether the group is a catalog engine or an engine only a lesson prints.
        enum Kind {
            case named(String)
            case reprinted(by: String)
        }

        var kind: Kind
        var folder: String
        var sources: [ProgramFile]
        /// The sources as planning read them, in the same order.
        var read: [SwiftBlock]
        /// Where each file's lines are reported: a path and the line its first line is.
        var display: [String: CoverageLocation]
        var lessons: [String] = []

        var name: String {
            switch kind {
            case .named(let name): name
            case .reprinted(let path): "as reprinted by \(path)"
            }
        }

        var sourcePaths: [String] { sources.map { folder + "/" + $0.name } }
    }

    /// A scenario to run, its lesson and its engine group.
    struct Job {
        var plan: Int
        var group: String
        var location: String
        var program: ScenarioJob
    }

    private(set) var groups: [String: EngineGroup] = [:]
    /// Group identities in the order lessons first use them.
    private(set) var order: [String] = []
    private(set) var jobs: [Job] = []
    /// Lessons and scenarios left out, and why.
    private(set) var skipped: [String] = []

    let catalog: EngineCatalog
    /// Where engines are written, one folder per group.
    let folder: String
    /// Where the catalog engines' sources are, as `<folder>/<Engine>/<File>`, for reports to point at.
    let engineSources: String?

    init(plans: [LessonPlan], catalog: EngineCatalog, folder: String, engineSources: String?) throws {
        self.catalog = catalog
        self.folder = folder
        self.engineSources = engineSources
        for (index, plan) in plans.enumerated() { try add(plan, at: index) }
    }

    private mutating func add(_ plan: LessonPlan, at index: Int) throws {
        guard plan.namedEngine != nil || !plan.engineFiles.isEmpty else { return }  // no engine to measure
        guard plan.readingFindings.isEmpty else {
            skipped.append("\(plan.path): the lesson is malformed (run lesson check)")
            return
        }
        let markdownPath = Paths.absolute(plan.path)
        let resolved: ResolvedEngine
        switch EngineResolution.resolve(plan, catalog: catalog, markdownPath: markdownPath) {
        case .resolved(let engine): resolved = engine
        case .unresolved(let finding):
            skipped.append("\(finding.location.description): \(finding.message)")
            return
        }
        // One engine whatever the lesson's language mode: its coverage is counted once.
        let identity = String(resolved.identity(languageMode: nil).prefix(16))
        if groups[identity] == nil {
            groups[identity] = try makeGroup(plan, resolved, identity: identity)
            order.append(identity)
        } else if plan.namedEngine != nil, case .reprinted = groups[identity]!.kind {
            // Reprints identical to a canonical engine are that engine: report at its own file.
            var group = try makeGroup(plan, resolved, identity: identity)
            group.lessons = groups[identity]!.lessons
            groups[identity] = group
        }
        groups[identity]!.lessons.append(plan.path)
        let group = groups[identity]!
        let engine = zip(group.sources, group.sourcePaths).map {
            ProgramFile(name: $0.name, contents: $0.contents, existingPath: $1)
        }
        for scenario in plan.scenarios
        where scenario.options.runs && !scenario.options.ignored && scenario.attributeFindings.isEmpty {
            let buildPlan = MergePolicy.plan(
                forScenario: scenario.swift, engine: group.read,
                group: .content(identity + " swift " + plan.languageMode.version),
                standalone: scenario.options.standalone, languageMode: plan.languageMode)
            let program = ScenarioJob(
                engine: engine, scenario: scenario.planned, plan: buildPlan, markdownPath: markdownPath,
                languageMode: plan.languageMode)
            jobs.append(
                Job(
                    plan: index, group: identity, location: "\(plan.path):\(scenario.block.openingLine)",
                    program: program))
        }
    }

    /// Writes the engine's sources to their fixed folder and decides where their lines are reported.
    private func makeGroup(_ plan: LessonPlan, _ resolved: ResolvedEngine, identity: String) throws -> EngineGroup {
        let directory = folder + "/" + identity
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for source in resolved.sources {
            try Data(source.contents.utf8).write(to: URL(fileURLWithPath: directory + "/" + source.name))
        }
        var display: [String: CoverageLocation] = [:]
        for file in plan.engineFiles {
            display[file.fileName] = CoverageLocation(path: plan.path, firstLine: file.block.firstContentLine)
        }
        var kind = EngineGroup.Kind.reprinted(by: plan.path)
        if let named = plan.namedEngine, let engine = catalog[named.name] {
            kind = .named(named.name)
            for file in engine.files {
                display[file.name] = CoverageLocation(path: sourcePath(of: named.name, file), firstLine: 1)
            }
        }
        return EngineGroup(
            kind: kind, folder: directory, sources: resolved.sources, read: resolved.read, display: display)
    }

    /// A catalog engine's file under `engineSources` (`Sources/Engines/Sync/Sync.swift`) when it is there
    /// with the same bytes, so editors can jump to it; otherwise the catalog's path.
    private func sourcePath(of engine: String, _ file: Engine.File) -> String {
        guard let engineSources else { return file.path }
        let candidate = "\(engineSources)/\(engine)/\(file.name)"
        if let data = FileManager.default.contents(atPath: candidate),
            String(decoding: data, as: UTF8.self) == file.contents
        {
            return candidate
        }
        return file.path
    }
}

/// Where a file's coverage is reported: a path (the engine's file, or the lesson that prints it) and the
/// line there that is the file's first.
struct CoverageLocation: Hashable {
    var path: String
    var firstLine: Int
}
