/// The engine files a lesson's scenarios are built with: the canonical engine's files when the front matter
/// names one (plus any other engine file the lesson prints), otherwise the engine files the lesson reprints.
struct ResolvedEngine: Sendable {
    var files: [ProgramFile]
    /// The paths diagnostics name for canonical engine files (an error there is the engine's, not the
    /// lesson's).
    var canonicalPaths: Set<String>
}

enum EngineResolution {
    static func resolve(_ plan: LessonPlan, catalog: EngineCatalog, markdownPath: String) -> Result<
        ResolvedEngine, Finding
    > {
        let reprinted = plan.engineFiles.map {
            ProgramFile(name: $0.fileName, contents: ProgramSource.mapped($0.block, to: markdownPath))
        }
        guard let named = plan.namedEngine else {
            return .success(ResolvedEngine(files: reprinted, canonicalPaths: []))
        }
        guard let engine = catalog[named.name] else {
            let known = catalog.names.isEmpty ? "none" : catalog.names.joined(separator: ", ")
            return .failure(
                Finding(
                    .unknownEngine, at: plan.lesson.location(named.line),
                    "unknown engine '\(named.name)'; known engines: \(known)"))
        }
        let canonical = engine.files.map {
            ProgramFile(name: $0.name, contents: ProgramSource.mapped($0.contents, firstLine: 1, to: $0.path))
        }
        let extra = reprinted.filter { file in engine.file(named: file.name) == nil }
        return .success(ResolvedEngine(files: canonical + extra, canonicalPaths: Set(engine.files.map(\.path))))
    }
}
