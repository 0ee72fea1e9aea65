import Foundation

/// The engine files a lesson's scenarios are built with: the canonical engine's files when the front matter
/// names one (plus any other engine file the lesson prints), otherwise the engine files the lesson reprints.
struct ResolvedEngine: Sendable {
    var files: [ProgramFile]
    /// The engine's own sources, without the lines that map them: its identity, whatever lesson prints it.
    var sources: [ProgramFile]
    /// Each source read as Swift (`SwiftBlock`): a reprinted file as planning read it.
    var read: [SwiftBlock]
    /// The paths diagnostics name for canonical engine files (an error there is the engine's, not the
    /// lesson's).
    var canonicalPaths: Set<String>
}

/// A lesson's engine, or the finding that says why it has none (a finding is a value, not an error).
enum EngineResolution {
    case resolved(ResolvedEngine)
    case unresolved(Finding)

    static func resolve(_ plan: LessonPlan, catalog: EngineCatalog, markdownPath: String) -> EngineResolution {
        guard let named = plan.namedEngine else {
            let reprinted = plan.engineFiles.map {
                ProgramFile(name: $0.fileName, contents: ProgramSource.mapped($0.block, to: markdownPath))
            }
            let sources = plan.engineFiles.map { ProgramFile(name: $0.fileName, contents: $0.block.text) }
            return .resolved(
                ResolvedEngine(
                    files: reprinted, sources: sources, read: plan.engineFiles.map(\.swift),
                    canonicalPaths: []))
        }
        guard let engine = catalog[named.name] else {
            let known = catalog.names.isEmpty ? "none" : catalog.names.joined(separator: ", ")
            return .unresolved(
                Finding(
                    .unknownEngine, at: plan.lesson.location(named.line),
                    "unknown engine '\(named.name)'; known engines: \(known)"))
        }
        let canonical = engine.files.map {
            ProgramFile(name: $0.name, contents: ProgramSource.mapped($0.contents, firstLine: 1, to: $0.path))
        }
        let extra = plan.engineFiles.filter { engine.file(named: $0.fileName) == nil }
        let extraFiles = extra.map {
            ProgramFile(name: $0.fileName, contents: ProgramSource.mapped($0.block, to: markdownPath))
        }
        let sources =
            engine.files.map { ProgramFile(name: $0.name, contents: $0.contents) }
            + extra.map { ProgramFile(name: $0.fileName, contents: $0.block.text) }
        let exercises = exerciseFiles(plan, missingFrom: engine, besides: extra, markdownPath: markdownPath)
        return .resolved(
            ResolvedEngine(
                files: canonical + extraFiles + exercises.map(\.file), sources: sources + exercises.map(\.source),
                read: engine.files.map(\.swift) + extra.map(\.swift)
                    + exercises.map { SwiftBlock.of($0.source.contents) },
                canonicalPaths: Set(engine.files.map(\.path) + exercises.compactMap(\.solutionPath))))
    }
}

extension EngineResolution {
    /// The files of the lesson's engine exercises that its named engine does not hold: a course may ship the
    /// engine without them, so that a student who has the engine does not have the answer. The lesson's
    /// scenarios then build with the exercise's reference solution (`solutions/<ID>/<File>` beside the
    /// lesson: the instructor's checkout), or without one (a student's copy) with the starter.
    static func exerciseFiles(
        _ plan: LessonPlan, missingFrom engine: Engine, besides extra: [EngineFile], markdownPath: String
    ) -> [ExerciseFile] {
        let folder = Paths.parent(plan.path)
        if plan.exerciseStarters.isEmpty,
            let hidden = hiddenTestsSolution(plan.path, missingFrom: engine, besides: extra)
        {
            return hidden
        }
        return plan.exerciseStarters.compactMap {
            starter -> ExerciseFile? in
            let name = starter.fileName
            guard engine.file(named: name) == nil, !extra.contains(where: { $0.fileName == name }) else { return nil }
            let id = starter.exercise ?? ""
            let solutionPath = (folder.isEmpty ? "" : folder + "/") + "solutions/\(id)/\(name)"
            if !id.isEmpty, let solution = solutionFile(name, at: solutionPath) { return solution }
            return (
                ProgramFile(name: name, contents: ProgramSource.mapped(starter.block, to: markdownPath)),
                ProgramFile(name: name, contents: starter.block.text), nil
            )
        }
    }
}

extension EngineResolution {
    /// A hidden-tests file (`hidden/<ID>.md`) is checked as a lesson against its exercise's engine: the files
    /// that engine leaves out come from the reference solution beside it (`solutions/<ID>/`), as its lesson's
    /// do. Without a solution folder there is nothing to add.
    static func hiddenTestsSolution(
        _ path: String, missingFrom engine: Engine, besides extra: [EngineFile]
    ) -> [ExerciseFile]? {
        let hiddenFolder = Paths.parent(path)
        guard (hiddenFolder as NSString).lastPathComponent == "hidden" else { return nil }
        let id = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let parent = Paths.parent(hiddenFolder)
        let solutions = (parent.isEmpty ? "" : parent + "/") + "solutions/\(id)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: solutions) else { return nil }
        return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            guard engine.file(named: name) == nil, !extra.contains(where: { $0.fileName == name }) else { return nil }
            return solutionFile(name, at: solutions + "/" + name)
        }
    }

    /// An engine file a course leaves out, as built (`file`, mapped to where it was read) and as its identity
    /// counts it (`source`); `solutionPath` when it is a reference solution's, whose errors are its own.
    typealias ExerciseFile = (file: ProgramFile, source: ProgramFile, solutionPath: String?)

    /// The reference solution's file at `path`, when it can be read.
    static func solutionFile(_ name: String, at path: String) -> ExerciseFile? {
        guard let solution = LessonFileBytes.text(path) else { return nil }
        return (
            ProgramFile(name: name, contents: ProgramSource.mapped(solution, firstLine: 1, to: path)),
            ProgramFile(name: name, contents: solution), path
        )
    }
}

extension ResolvedEngine {
    /// The engine by content and language mode.
    func identity(languageMode: LanguageMode?) -> String {
        var hasher = SHA256()
        hasher.update("swift \(languageMode?.version ?? "any")")
        for source in sources {
            hasher.update("\u{0}\(source.name)\u{0}\(source.contents.utf8.count)\u{0}")
            hasher.update(source.contents)
        }
        return hasher.finalize()
    }
}
