/// A program to build and, unless it is only built, run: an engine, one scenario, a language mode.
package struct ScenarioJob: Sendable {
    /// The engine files, mapped to the lesson's lines (or already on disk, for coverage).
    package var engine: [ProgramFile]
    /// Which programs may share a merged build with this one.
    package var engineIdentity: EngineIdentity
    /// The scenario; nil for a program that is its engine alone, with an empty `main.swift`.
    package var scenario: FencedBlock?
    /// The blocks built and run before the scenario, their output discarded: a book listing's context.
    package var context: [FencedBlock] = []
    /// Positions in `context` of listings checked within this job's run (see `SharedRuns.swift`).
    package var segments: Set<Int> = []
    /// Whether a build that fails is an answer worth keeping in the cache: a book listing that does not
    /// build in its context is a note, and stays one until its text changes.
    package var failedBuildIsFinal = false
    /// Whether a program built alone may still be linked into one executable with others, as a module of
    /// its own (see `ModuleBatch.swift`): its module is then not named `main`.
    package var sharesExecutable = false
    /// Whether, in a merged build, its type declarations move out of the function it is wrapped in
    /// (`FileScopeDeclarations`): a listing's protocol or extension, which cannot be local, to a file of its
    /// own. When that build fails, a listing is built as a module of its own, which says what its own
    /// errors are.
    package var movesDeclarations = false
    /// Its `import` lines, which a merged program imports at the top of its files (see `HoistedImports`);
    /// such a job is merged only with jobs of the same imports, with the engine compiled beside them.
    package var hoistedImports: [String] = []
    /// Whether, merged, its process ends at the end of its function (see `ProgramBody.exitsAtEnd`).
    package var exitsAtEnd = false
    /// Whether the context and the scenario are parts of one program (a book test's blocks; see `ProgramBody`).
    package var isOneProgram = false
    /// The absolute path `#sourceLocation` names.
    package var markdownPath: String
    package var languageMode: LanguageMode
    /// Why the scenario must be built alone; nil when it may be merged.
    package var buildAloneReason: BuildAloneReason?
    /// Whether the built program is run (not for `no_run` and `compile_fail` scenarios).
    package var runs: Bool

    package init(
        engine: [ProgramFile], engineIdentity: EngineIdentity, scenario: FencedBlock?, markdownPath: String,
        languageMode: LanguageMode, buildAloneReason: BuildAloneReason?, runs: Bool = true
    ) {
        self.runs = runs
        self.engine = engine
        self.engineIdentity = engineIdentity
        self.scenario = scenario
        self.markdownPath = markdownPath
        self.languageMode = languageMode
        self.buildAloneReason = buildAloneReason
    }

    /// A job that only builds `engine`, with an empty `main.swift`: an exercise starter, a submission on its
    /// own, engine files no scenario builds.
    package static func engineOnly(
        _ engine: [ProgramFile], markdownPath: String, languageMode: LanguageMode, reason: BuildAloneReason
    ) -> ScenarioJob {
        ScenarioJob(
            engine: engine, engineIdentity: .unshared, scenario: nil, markdownPath: markdownPath,
            languageMode: languageMode, buildAloneReason: reason, runs: false)
    }

    /// Applies `MergePolicy`'s decision: why the scenario is built alone, or how it is wrapped (its imports
    /// hoisted, which only scenarios of the same imports share, and its exit at its function's end).
    package mutating func apply(_ decision: MergePolicy.Decision) {
        switch decision {
        case .alone(let reason):
            buildAloneReason = reason
        case .wrapped(let wrapping):
            buildAloneReason = nil
            exitsAtEnd = wrapping.exitsAtEnd
            hoistedImports = wrapping.imports
            guard !wrapping.imports.isEmpty else { return }
            if case .content(let identity) = engineIdentity {
                engineIdentity = .content(identity + "\n" + wrapping.imports.joined(separator: "\n"))
            } else {
                // A grading's tests share one build whatever they import: one that imports is built alone.
                buildAloneReason = .usesWord("import")
                hoistedImports = []
                exitsAtEnd = false
            }
        }
    }

    /// The program of this scenario alone.
    package var files: [ProgramFile] {
        guard let body else {
            return engine + ProgramSource.runtimeSupport + [ProgramFile(name: "main.swift", contents: "")]
        }
        return ProgramSource.program(engine: engine, body: body, markdownPath: markdownPath)
    }

    /// The scenario's code, after its context.
    package var body: ProgramBody? {
        scenario.map {
            var body = ProgramBody(block: $0, context: context, segments: segments)
            body.movesDeclarations = movesDeclarations
            body.hoistsImports = !hoistedImports.isEmpty
            body.exitsAtEnd = exitsAtEnd
            body.isOneProgram = isOneProgram
            return body
        }
    }
}

/// Which scenarios may share one merged build: those of one engine, whichever lessons they come from, and
/// never a hidden test with a visible one (a visible test's program could read the hidden scenarios' strings
/// out of its own binary).
package enum EngineIdentity: Hashable, Sendable {
    /// An engine by content (file names and sources) and language mode.
    case content(String)
    /// The visible tests of a grading.
    case visibleTests
    /// The hidden tests of a grading.
    case hiddenTests
    /// A program built alone whatever it holds.
    case unshared
}

/// What happened to a scenario job: its build, and its run when the build succeeded.
package struct ScenarioExecution: Sendable, Codable {
    package var build: CompileResult?
    package var run: ProcessResult?
    /// The checker itself could not build or run the scenario (no disk space, no compiler).
    package var toolError: String?
    /// The built program, when the executor keeps programs (coverage reads them after the runs).
    package var program: String?

    package init(build: CompileResult?, run: ProcessResult?, toolError: String? = nil, program: String? = nil) {
        self.build = build
        self.run = run
        self.toolError = toolError
        self.program = program
    }
}
