/// A program to build and, unless it is only built, run: an engine, one scenario, a language mode.
package struct ScenarioJob: Sendable {
    /// The engine files, mapped to the lesson's lines (or already on disk, for coverage).
    package var engine: [ProgramFile]
    /// The scenario, as planning read it; nil for a program that is its engine alone, with an empty
    /// `main.swift`.
    package var scenario: PlannedBlock?
    /// The blocks built and run before the scenario, their output discarded: a book listing's context.
    package var context: [PlannedBlock] = []
    /// Positions in `context` of listings checked within this job's run (see `SharedRuns.swift`).
    package var segments: Set<Int> = []
    /// How its program is built, and with which others (`MergePolicy`).
    package var plan: BuildPlan
    /// The absolute path `#sourceLocation` names.
    package var markdownPath: String
    package var languageMode: LanguageMode
    /// Whether the built program is run (not for `no_run` and `compile_fail` scenarios).
    package var runs: Bool

    package init(
        engine: [ProgramFile], scenario: PlannedBlock?, context: [PlannedBlock] = [], plan: BuildPlan,
        markdownPath: String, languageMode: LanguageMode, runs: Bool = true
    ) {
        self.engine = engine
        self.scenario = scenario
        self.context = context
        self.plan = plan
        self.markdownPath = markdownPath
        self.languageMode = languageMode
        self.runs = runs
    }

    /// A job that only builds `engine`, with an empty `main.swift`: an exercise starter, a submission on its
    /// own, engine files no scenario builds.
    package static func engineOnly(
        _ engine: [ProgramFile], markdownPath: String, languageMode: LanguageMode, reason: BuildAloneReason
    ) -> ScenarioJob {
        ScenarioJob(
            engine: engine, scenario: nil, plan: .engineOnly(reason), markdownPath: markdownPath,
            languageMode: languageMode, runs: false)
    }

    /// The program of this scenario alone.
    package var files: [ProgramFile] {
        guard let body else {
            return engine + ProgramSource.runtimeSupport + [ProgramFile(name: "main.swift", contents: "")]
        }
        return ProgramSource.program(engine: engine, body: body, markdownPath: markdownPath)
    }

    /// The scenario's code, after its context, as its plan builds it.
    package var body: ProgramBody? {
        scenario.map {
            ProgramBody(block: $0, context: context, segments: segments, way: plan.way, kind: plan.kind)
        }
    }
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
